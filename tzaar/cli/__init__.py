"""The command line, ``python -m tzaar COMMAND ...`` (see docs/cli.md), on top of the layers.

Modules: :mod:`.main` (the parser, the rules' commands ``moves``, ``perft``, ``apply``,
``status``, ``show``, and :func:`~.main.main`), :mod:`.ai` (``ai`` and ``match``) and
:mod:`.games` (``convert`` and ``review``: game records and their review).
"""
