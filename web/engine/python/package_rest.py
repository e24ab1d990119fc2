"""The last finder on sys.meta_path but one in the browser: the modules of a package that its
start does not import (tzaar's computer player, study features and records: tzaar-more.zip) come in a second
zip, downloaded the first time one of them is imported; the zip's folder of each (sub)package
they are asked from then joins that package's __path__ (tzaar.facade's methods are there,
beside tzaar/facade/__init__.py of the start)."""

from __future__ import annotations

import sys
from importlib.machinery import ModuleSpec, PathFinder

import fetch_sync


class PackageRest:
    """Finds the modules of `package` that its __path__ lacks, in the zip at `url`."""

    package = ""
    url: str | None = None
    folder = "/lib"
    archive = ""
    loaded = False

    @classmethod
    def find_spec(cls, name: str, path: list[str] | None = None, target: object = None) -> ModuleSpec | None:
        if cls.url is None or not name.startswith(cls.package + ".") or path is None:
            return None
        if not cls.loaded:
            cls.loaded = True
            cls.archive = cls.folder + "/" + cls.url.rsplit("/", 1)[-1].split("?")[0]
            status = fetch_sync.fetch_to(cls.url, cls.archive)
            if status != 200:
                raise ImportError(f"{name}: {cls.url} answered HTTP {status}", name=name)
        # (A new entry of the path: nothing cached to invalidate. importlib.invalidate_caches()
        # would import importlib.metadata, which stdlib.zip lacks.)
        parent = name.rpartition(".")[0]
        entry = cls.archive + "/" + parent.replace(".", "/")
        if entry not in path:
            path.append(entry)  # the parent package's own __path__
        return PathFinder.find_spec(name, path)


def install(package: str, url: str, folder: str = "/lib") -> None:
    """Put the finder on sys.meta_path for the imported package `package`, its other
    modules in the zip at `url` (saved in `folder`)."""
    PackageRest.package, PackageRest.url, PackageRest.folder, PackageRest.loaded = package, url, folder, False
    if PackageRest not in sys.meta_path:
        sys.meta_path.append(PackageRest)
