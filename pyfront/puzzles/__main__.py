"""``python -m pyfront.puzzles muddy N M`` / ``dining N``: SMCDEL input for the benchmarks."""

from .programs import main

raise SystemExit(main())
