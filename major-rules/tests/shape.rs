//! The table "The same in every game" of the workspace README holds for
//! this crate: every row is named and used here, so a rename that breaks
//! the table breaks this test's build.

spielwerk_testgames::same_shape!(major_rules, rules);
