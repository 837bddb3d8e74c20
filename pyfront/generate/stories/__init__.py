"""Story datasets: ToMi/Hi-ToM-style stories with questions up to fourth-order belief,
labelled by the event-model checker, in question-answering and NLI forms."""
