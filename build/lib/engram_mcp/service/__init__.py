"""The use cases: remember, recall, as_of, facts, forgetting."""
