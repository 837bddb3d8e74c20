"""ToMi stories: reading the bAbI-style text files, translating them into the story model,
certifying every answer with the event-model checker and explaining each disagreement."""
