"""The last finder on sys.meta_path in the browser: a module of the standard library that
stdlib.zip lacks comes from Pyodide's whole standard library, downloaded the first time one
of its modules is asked for."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from importlib.machinery import ModuleSpec, PathFinder

import fetch_sync

ARCHIVE = "python-whole-stdlib.zip"  # its name once downloaded, in the folder given to install()


class WholeStdlib:
    """Finds the modules of `names` in the zip at `url`, fetched into `path` on first use."""

    names: frozenset[str] = frozenset()
    url: str | None = None
    path = ""
    loaded = False

    @classmethod
    def find_spec(cls, name: str, path: object = None, target: object = None) -> ModuleSpec | None:
        if name not in cls.names or cls.url is None:
            return None
        if not cls.loaded:
            cls.loaded = True
            if fetch_sync.fetch_to(cls.url, cls.path) != 200:
                return None
        parent = name.rpartition(".")[0]
        return PathFinder.find_spec(name, [cls.path + ("/" + parent.replace(".", "/") if parent else "")])


def install(url: str, names: Iterable[str], folder: str = "/lib") -> None:
    """Put the finder last on sys.meta_path: the modules `names` (every module of the whole
    library) that no other finder has come from the zip at `url`, saved in `folder`."""
    WholeStdlib.url, WholeStdlib.names = url, frozenset(names)
    WholeStdlib.path, WholeStdlib.loaded = f"{folder}/{ARCHIVE}", False
    if WholeStdlib not in sys.meta_path:
        sys.meta_path.append(WholeStdlib)
