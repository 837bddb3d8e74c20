"""reasoning-core's belief-tracking stories (``reasoning_core.tasks.belief_tracking``):
reading its rows, translating each story into the story model from its structured
``specs``, and certifying or contesting each answer (``docs/reasoning-core.md``)."""
