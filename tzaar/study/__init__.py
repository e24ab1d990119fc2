"""The study features, above the engine: :mod:`.attacks` (the attack map and the check of
a position's possibility), :mod:`.lessons` (lesson goals judged by the rules and the solver)
with their data (:mod:`.lesson_data`), and :mod:`.puzzles` ("to play and win in n turns",
solved exactly)."""
