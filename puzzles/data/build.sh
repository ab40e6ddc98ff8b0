#!/bin/sh
# Rebuild the bundled collections from generated games (see README.md in this folder).
# Run from anywhere with the project installed: `sh puzzles/data/build.sh`. Every file is
# written by `renju generate` (or re-annotated by `renju annotate`); the games come from
# the project's own random-play generator (solver.rules.games.sample_games, the --seed).
# Generation is deterministic, except that a position whose search hits --time on a
# slow or loaded machine is skipped: rerun with a larger --time to be sure.
set -e
cd "$(dirname "$0")"
g() { nice -n 10 renju generate "$@" --force; }

# the first collections (games seeds 7, 11-14): the same puzzles, now with themes and ratings
for f in starter vcf-easy vcf-hard vct tsume; do
    nice -n 10 renju annotate "$f.renju" "$f.renju" --force --time 60
done

# (each step below is its own command: a step can be rerun alone)

# win puzzles of every class
g win-vcf.renju --goal vcf --count 40 --min-moves 3 --max-moves 8 --seed 21 --id-prefix s21-
g win-vct.renju --goal vct --count 40 --min-moves 3 --max-moves 5 --seed 22 --id-prefix s22-
g win-tsume.renju --goal tsume --count 30 --min-moves 3 --max-moves 5 --seed 23 --id-prefix s23-
g win-long.renju --goal vcf --count 20 --min-moves 7 --max-moves 14 --seed 24 --id-prefix s24-

# defence: every move that stops the opponent's VCF (any length) / VCT within 3 moves
g defend-vcf.renju --kind defend --goal vcf --count 60 --min-moves 2 --max-moves 12 --seed 31 \
    --id-prefix vcf-
g defend-vct.renju --kind defend --goal vct --count 10 --min-moves 2 --max-moves 3 --seed 33 \
    --time 5 --id-prefix vct-

# point-finding: every point of a kind for the side to move (1 to 6 points)
seed=40
for kind in forbidden four straight-four three four-three double-four double-three \
    double-threat keys defences; do
    seed=$((seed + 1))
    g "points-$kind.renju" --kind "points:$kind" --count 10 --seed "$seed"
done
