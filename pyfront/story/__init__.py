"""Stories: theory-of-mind scenarios told as a sequence of events (``docs/stories.md``).

:mod:`.model` holds the story model, :mod:`.compile` its meaning on the event-model
engine, :mod:`.dsl` and :mod:`.dsl_print` the ``story`` blocks of ``.del`` files.
"""
