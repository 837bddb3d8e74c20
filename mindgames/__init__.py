"""The import name ``mindgames``: Inspect names the tasks of a package after its top-level
import name, so the tasks are registered here (:mod:`mindgames.inspect_registry`) to be
``mindgames/nli`` …; the toolkit itself is :mod:`pyfront` and :mod:`smcdel_bridge`."""
