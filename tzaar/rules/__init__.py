"""The rules of TZAAR, the bottom layer: what ``import tzaar`` gives a library user.

Modules: :mod:`.geometry` (points and rays), :mod:`.codes` (the integer codes of stacks and
actions), :mod:`.board` (the fast search board: make/unmake, hash, perft), :mod:`.notation`
(text <-> objects: point names, action text, position text), :mod:`.position` (immutable
Position, setups, outcome), :mod:`.turns` (which actions form a turn), :mod:`.game` (a game's
history: undo/redo, turns), :mod:`.errors` (the precise ValueErrors) and :mod:`.numbers`
(whole numbers read from text).  This package imports nothing of tzaar's other layers; ``tzaar/__init__.py`` re-exports
its public names (``from tzaar import Position``).
"""
