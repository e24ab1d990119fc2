"""Benchmarks in headless Chromium: ``python -m lab.browser.bench_ai`` and its siblings.

They drive the built site (dist/) with Playwright and share the end-to-end tests'
set-up (``e2e/conftest.py``, ``e2e/helpers.py``); see each module's docstring.
"""
