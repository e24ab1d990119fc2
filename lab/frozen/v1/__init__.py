"""The engine of commit 0508ae2, frozen (see :mod:`tzaar.ai.frozen`).  Do not edit."""
