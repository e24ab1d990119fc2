"""``python -m tzaar``: the command line (:mod:`tzaar.cli`)."""

import sys

from .cli.main import main

if __name__ == "__main__":
    sys.exit(main())
