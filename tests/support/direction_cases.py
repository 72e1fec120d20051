"""Relations stored in an arbitrary direction (LightRAG's) and how they read: the cases Python
(tests/unit/model/test_direction.py) and the Java procedures (tests/integration/test_procedures.py) must agree on."""

# (stored source, stored target, description, keywords) -> the relation as it reads
CASES = [
    ("Apollo 11", "Neil Armstrong", "Neil Armstrong commanded Apollo 11.", "commanded",
     "Neil Armstrong -commanded-> Apollo 11"),
    ("Apollo 11", "Neil Armstrong", "Apollo 11 was commanded by Neil Armstrong.", "commanded",
     "Neil Armstrong -commanded-> Apollo 11"),
    ("Neil Armstrong", "Apollo 11", "Neil Armstrong commanded Apollo 11.", "commanded, mission",
     "Neil Armstrong -commanded-> Apollo 11"),
    ("Apollo 11", "Neil Armstrong", "Neil Armstrong and Apollo 11 are linked.", "commanded",
     "Apollo 11 -commanded- Neil Armstrong (undirected)"),
    ("Apollo 11", "Neil Armstrong", "", "commanded", "Apollo 11 -commanded- Neil Armstrong (undirected)"),
    ("Marie Curie", "Pierre Curie", "Pierre Curie was the husband of Marie Curie.", "married",
     "Marie Curie -married- Pierre Curie (undirected)"),
    ("Marie Curie", "Pierre Curie", "Marie Curie married Pierre Curie in 1895.", "married",
     "Marie Curie -married-> Pierre Curie"),
    ("SORBONNE", "marie curie", "Marie Curie WORKED AT the Sorbonne.", "worked at",
     "marie curie -worked at-> SORBONNE"),
    ("A", "B", "First sentence. B is strongly supported by A.", "supported",
     "A -supported-> B"),
    ("Straße", "Ölwerk", "ÖLWERK lies on the STRASSE. Ölwerk owned Straße.", "owned", "Ölwerk -owned-> Straße"),
]
