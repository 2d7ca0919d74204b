"""The attributes of the XML namespace, as lxml names them: ``xml:lang``, ``xml:space`` and ``xml:base``.

The prefix ``xml`` is bound to this namespace in every XML document by definition (Namespaces in XML 1.0,
section 3), so every format quizkit reads or writes (QTI, XLIFF, TMX, TBX, IMS manifests) names these
attributes alike, and lxml spells each as ``{namespace}name``. Defined here once for the readers and the
writers of every layer.
"""

from __future__ import annotations

XML_NAMESPACE = "http://www.w3.org/XML/1998/namespace"

XML_LANG = f"{{{XML_NAMESPACE}}}lang"
"""``xml:lang``: the language of an element's text, a BCP 47 tag."""

XML_SPACE = f"{{{XML_NAMESPACE}}}space"
"""``xml:space``: ``preserve`` keeps an element's whitespace as it is."""

XML_BASE = f"{{{XML_NAMESPACE}}}base"
"""``xml:base``: the base URI that relative references inside the element resolve against."""
