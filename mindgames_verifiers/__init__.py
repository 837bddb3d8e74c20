"""The verifiers taskset package ``mindgames-verifiers`` (extra ``[verifiers]``): verifiers
finds a taskset by importing the package its id names and taking the ``Taskset`` subclass
in ``__all__``.  The environment lives in :mod:`pyfront.integrations.verifiers_env`.

Use::

    vf-eval mindgames-verifiers --env.taskset.kind who ...
    from mindgames_verifiers import load_environment
    env = load_environment(kind="where", order=2, size=50, seed=0, step_weight=0.5)
"""

from pyfront.integrations.verifiers_env import MindgamesTaskset, load_environment

__all__ = ["MindgamesTaskset", "load_environment"]
