"""User-facing errors: one line, naming file, line and column where they exist."""

from __future__ import annotations

from smcdel_bridge.errors import rebuild_error

#: the path argument that stands for standard input
STDIN = "-"


def shown(path: str) -> str:
    """How a message names an input: standard input as ``<stdin>``, as the readers'
    own messages name it (``<stdin>:4:15: …``), a file by its path."""
    return "<stdin>" if path == STDIN else path


class UserError(Exception):
    """Bad input or a failed precondition, reported as one line and exit code 1."""

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.file, self.line, self.column = file, line, column

    def __str__(self) -> str:
        where = ""
        if self.file is not None:
            where = str(self.file)
            if self.line is not None:
                where += f":{self.line}"
                if self.column is not None:
                    where += f":{self.column}"
            where += ": "
        return where + self.message

    def __reduce__(self):
        # from its fields (see smcdel_bridge.errors.SmcdelError.__reduce__): a subclass
        # whose __init__ takes other arguments still reaches the parent process whole
        return rebuild_error, (type(self), self.args, self.__dict__)
