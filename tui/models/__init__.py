"""The trainer's Textual-free models: the attempt at a puzzle, the review of a proof, the
catalog of collections and the progress store. Nothing here imports textual."""
