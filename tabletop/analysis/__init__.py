"""Simulation at scale and its analysis.

- :mod:`tabletop.analysis.batch` plans, plays (in-process, in worker processes or as
  Ray tasks), stores and resumes runs of many games (``tabletop simulate``);
- :mod:`tabletop.analysis.stats` has the small statistics they need (Wilson score
  intervals, win shares, summaries);
- :mod:`tabletop.analysis.report` turns stored results into tables, PNG plots and
  one self-contained HTML page (``tabletop report``).
"""
