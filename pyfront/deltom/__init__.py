"""DEL-ToM (Wu et al., 2025): reading the folders its generator writes (questions and belief
traces), answering every question and comparing every trace entry with the model's, each
difference classed (``docs/hitom.md``)."""
