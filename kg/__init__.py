"""kg — a knowledge graph of research papers, authors, tracks and the concepts in abstracts."""

__version__ = "0.1.0"
