//! Move lists: the buffers a [`Game`](crate::Game) fills with its legal
//! moves.
//!
//! Games pick a buffer of fixed capacity sized by a proven maximum
//! ([`arrayvec::ArrayVec`]), or a [`smallvec::SmallVec`] where the maximum is
//! large but rare, so that generating moves never allocates in a search's
//! inner loop. [`Vec`] implements the trait too, for convenience.

use arrayvec::ArrayVec;
use smallvec::SmallVec;

/// A buffer of moves (or of chance outcomes) that a game fills.
///
/// Implementations must keep the order of [`push`](MoveList::push)es, so that
/// move generation is deterministic.
pub trait MoveList<M>: Default {
    /// Removes every element.
    fn clear(&mut self);
    /// Appends an element.
    ///
    /// A fixed-capacity list panics when full; a game using one must size it
    /// by the proven maximum number of moves of any position, so that this
    /// never happens for positions the game can reach.
    fn push(&mut self, item: M);
    /// The elements in order.
    fn as_slice(&self) -> &[M];
    /// The elements in order, mutably (search reorders them).
    fn as_mut_slice(&mut self) -> &mut [M];
    /// The number of elements.
    #[inline]
    fn len(&self) -> usize {
        self.as_slice().len()
    }
    /// Whether the list is empty.
    #[inline]
    fn is_empty(&self) -> bool {
        self.as_slice().is_empty()
    }
}

impl<M, const N: usize> MoveList<M> for ArrayVec<M, N> {
    #[inline]
    fn clear(&mut self) {
        ArrayVec::clear(self);
    }
    #[inline]
    fn push(&mut self, item: M) {
        ArrayVec::push(self, item);
    }
    #[inline]
    fn as_slice(&self) -> &[M] {
        ArrayVec::as_slice(self)
    }
    #[inline]
    fn as_mut_slice(&mut self) -> &mut [M] {
        ArrayVec::as_mut_slice(self)
    }
}

impl<M, const N: usize> MoveList<M> for SmallVec<[M; N]>
where
    [M; N]: smallvec::Array<Item = M>,
{
    #[inline]
    fn clear(&mut self) {
        SmallVec::clear(self);
    }
    #[inline]
    fn push(&mut self, item: M) {
        SmallVec::push(self, item);
    }
    #[inline]
    fn as_slice(&self) -> &[M] {
        SmallVec::as_slice(self)
    }
    #[inline]
    fn as_mut_slice(&mut self) -> &mut [M] {
        SmallVec::as_mut_slice(self)
    }
}

impl<M> MoveList<M> for Vec<M> {
    #[inline]
    fn clear(&mut self) {
        Vec::clear(self);
    }
    #[inline]
    fn push(&mut self, item: M) {
        Vec::push(self, item);
    }
    #[inline]
    fn as_slice(&self) -> &[M] {
        Vec::as_slice(self)
    }
    #[inline]
    fn as_mut_slice(&mut self) -> &mut [M] {
        Vec::as_mut_slice(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fill<L: MoveList<u8>>() -> L {
        let mut l = L::default();
        for i in 0..5 {
            l.push(i);
        }
        l
    }

    #[test]
    fn every_buffer_keeps_push_order_and_clears() {
        let a: ArrayVec<u8, 8> = fill();
        let s: SmallVec<[u8; 2]> = fill();
        let v: Vec<u8> = fill();
        assert_eq!(a.as_slice(), &[0, 1, 2, 3, 4]);
        assert_eq!(MoveList::as_slice(&s), a.as_slice());
        assert_eq!(MoveList::as_slice(&v), a.as_slice());
        let mut a = a;
        assert_eq!(MoveList::len(&a), 5);
        MoveList::as_mut_slice(&mut a).reverse();
        assert_eq!(a.as_slice(), &[4, 3, 2, 1, 0]);
        MoveList::clear(&mut a);
        assert!(MoveList::is_empty(&a));
    }
}
