"""The DSL's parser at run time: LALR tables exported from the lark grammar, read by a small
driver of our own.

lark builds the tables (``python -m pyfront.grammar.export`` after changing
``grammars/problem.lark``); reading a file then needs neither lark nor its table cache,
which cost more start-up than a one-problem check's own work.  The trees are the trees lark
builds (same rule names, children, placeholders and positions); a test parses every example
and test text both ways.  A text that does not parse goes to lark, whose errors the DSL's
messages are built on.
"""
