"""xgrag's retrieval as a LangChain retriever (one Document per triple)."""

from __future__ import annotations

from typing import Any, Literal

from langchain_core.callbacks import (
    CallbackManagerForRetrieverRun,
)
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from pydantic import ConfigDict

from xgrag.integrations.langchain.documents import documents_from_subgraph
from xgrag.model import Subgraph
from xgrag.retrieval import Retriever
from xgrag.store.neo4j import Neo4jStore

# -- the retriever -----------------------------------------------------------------------------------------------

class XgragRetriever(BaseRetriever):
    """xgrag's retrieval as a LangChain retriever: the question's subgraph (k-hop or shortest paths), one Document
    per triple (see `documents_from_subgraph`). Read-only, like every xgrag retrieval."""

    retriever: Retriever
    mode: Literal["khop", "paths"] = "khop"
    hops: int | None = None

    model_config = ConfigDict(arbitrary_types_allowed=True)

    @classmethod
    def from_store(cls, store: Neo4jStore, *, mode: Literal["khop", "paths"] = "khop", hops: int | None = None,
                   retrieval: Any = None, embedder: Any = None) -> XgragRetriever:
        return cls(retriever=Retriever(store, retrieval, embedder), mode=mode, hops=hops)

    def subgraph(self, query: str) -> Subgraph:
        return self.retriever.retrieve(query, mode=self.mode, hops=self.hops)

    def _get_relevant_documents(self, query: str, *, run_manager: CallbackManagerForRetrieverRun) -> list[Document]:
        return documents_from_subgraph(self.subgraph(query))
