"""Integrations with other frameworks. Each submodule imports its framework and is imported only by its users:
`xgrag.integrations.langchain` needs langchain-core (the `langchain` extra),
`xgrag.integrations.neo4j_graphrag` needs neo4j-graphrag."""
