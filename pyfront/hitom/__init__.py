"""Hi-ToM (Wu et al., 2023): reading its questions, translating its stories into the story
model, and certifying or contesting each answer (``docs/hitom.md``)."""
