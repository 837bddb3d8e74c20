"""Our datasets where people run benchmarks: Inspect tasks and model providers
(:mod:`.inspect_tasks`, :mod:`.inspect_models`, extra ``[inspect]``), reasoning-gym
datasets (:mod:`.reasoning_gym`, extra ``[rl]``) and certified ToMi and Hi-ToM splits
(:mod:`.certified_splits`, ``mindgames certify``).

Nothing here is imported by the rest of the toolkit; each module imports its library
when it is imported itself.
"""
