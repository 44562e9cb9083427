#!/bin/sh
# The one-line wrapper that lets the UCC 2012 manager run `spielwerk
# stratego agent`: the manager starts a program with no arguments, so the
# level, the setups and the seed go here. Copy it, adjust the paths, make
# it executable, and give its path to the manager:
#
#   stratego -m 1000 -o game.log ./ucc-agent.sh ../../agents/vixen/vixen.py
#
# Give every game its own --seed to vary the setup drawn from the human
# setups (the 2012 bots vixen, asmodeus and peternlewis are deterministic).
# With --learn FILE the agent learns each opponent's setup habits over a
# series: it reads what earlier games showed of the opponent's setups and
# appends what this one shows (games played at once may share the file).
exec spielwerk stratego agent --level hard --setups ../shared/data/stratego/setups/gravon_classic_human_setups.dat --fortified --seed 1 --learn habits.txt
