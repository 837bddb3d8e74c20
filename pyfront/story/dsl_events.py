"""The events, trust policy, explicit models and questions of a ``story`` block: the part
of :class:`pyfront.story.dsl.StoryBuilder` that reads what happens and what is asked (a
mixin: names, variables and formulas are resolved by the builder)."""

from __future__ import annotations

from pyfront.problem.dsl_syntax import did_you_mean

from . import model as M


class EventReader:
    """Reads event, trust, ``event model``, ``model`` and question statements."""

    # -- events ----------------------------------------------------------------------------------

    def modifier(self, node, fields: dict) -> dict:
        if node is None:
            return fields
        if node.data == "unseen_by":
            fields["unseen_by"] = self.agent_list(node.children[0])
        elif node.data == "seen_by":
            fields["seen_by"] = self.agent_list(node.children[0])
        else:
            fields["seen_by"] = ()
        return fields

    def event(self, st, index: int):
        k, ch, line = st.data, st.children, st.meta.line
        if k == "enter":
            who = self.agent(ch[0])
            room = None
            if ch[1] is not None:
                room = self.room(ch[1])
            elif self.rooms:
                raise self.error(f"which room does {who} enter? (rooms: {', '.join(self.rooms)})", st)
            return M.Enter(agent=who, room=room, line=line)
        if k == "leave":
            who = self.agent(ch[0])
            if ch[1] is not None:
                self.room(ch[1]) if self.rooms else None
            return M.Leave(agent=who, line=line)
        if k in ("move", "put", "set_to"):
            who, var = self.agent(ch[0]), self.variable(ch[1], boolean=None)
            value = self.value(var, ch[2])
            verb = {"move": "moves", "put": "puts", "set_to": "sets"}[k]
            return M.Move(agent=who, variable=var.name, value=value, verb=verb, line=line,
                          **self.modifier(ch[3], {}))
        if k == "waits":
            return M.Wait(agent=self.agent(ch[0]), line=line, **self.modifier(ch[1], {}))
        if k == "turn":
            who, var = self.agent(ch[0]), self.variable(ch[1])
            if not var.boolean and len(var.values) != 2:
                raise self.error(f"only something with two values can be turned; {var.name} has "
                                 f"{len(var.values)} (use 'sets … to …')", self.tok(ch[1]))
            return M.Turn(agent=who, variable=var.name, line=line, **self.modifier(ch[2], {}))
        if k == "announce_s":
            return M.Announce(formula=self.formula(ch[0]), line=line)
        if k == "says":
            return M.Tell(agent=self.agent(ch[0]), formula=self.formula(ch[1]), line=line,
                          **self.modifier(ch[2], {}))
        if k == "tells":
            who, listeners = self.agent(ch[0]), self.agent_list(ch[1])
            if who in listeners:
                raise self.error(f"{who} cannot tell themselves", ch[1])
            return M.TellPrivate(agent=who, listeners=listeners, formula=self.formula(ch[2]),
                                 line=line)
        if k in ("lies", "claims", "asserts"):
            who = self.agent(ch[0])
            listeners = self.agent_list(ch[1]) if ch[1] is not None else ()
            if who in listeners:
                raise self.error(f"{who} cannot tell themselves", ch[1])
            if listeners and ch[3] is not None:
                raise self.error("who hears a message to named listeners is fixed: only they "
                                 "do ('seen by', 'unseen by' and 'secretly' are for words said "
                                 "aloud)", ch[3])
            fields = dict(agent=who, listeners=listeners, formula=self.formula(ch[2]), line=line)
            if k == "lies":
                return M.Lie(**self.modifier(ch[3], fields))
            return M.Claim(stance="sincere" if k == "claims" else "open",
                           **self.modifier(ch[3], fields))
        if k == "tells_whether":
            who, listeners = self.agent(ch[0]), self.agent_list(ch[1])
            return M.TellSemiPrivate(agent=who, listeners=listeners, formula=self.formula(ch[2]),
                                     line=line, **self.modifier(ch[3], {}))
        if k == "peeks":
            return M.Peek(agent=self.agent(ch[0]), variable=self.variable(ch[1]).name, line=line)
        if k == "looks":
            return M.Look(agent=self.agent(ch[0]), variable=self.variable(ch[1]).name, line=line,
                          **self.modifier(ch[2], {}))
        if k == "shows":
            who, var, listeners = self.agent(ch[0]), self.variable(ch[1]), self.agent_list(ch[2])
            return M.Show(agent=who, variable=var.name, listeners=listeners, line=line,
                          **self.modifier(ch[3], {}))
        if k == "event_model":
            return self.event_model(st)
        raise self.error(f"unexpected {k}", st)

    def trust(self, st) -> list[M.Trust]:
        """``Bob trusts Ann, Cy`` / ``nobody trusts Cy`` / ``Bob trusts nobody`` /
        ``Bob does not trust Ann`` / ``everyone trusts whoever left the room later than
        themselves``."""
        from pyfront.grammar.tree import Tree

        line = st.meta.line
        if st.data == "trust_rule":
            word = next(c for c in st.children if not isinstance(c, Tree))
            if str(word) != "room":
                raise self.error(f"expected 'room', got {str(word)!r} (everyone trusts whoever "
                                 "left the room later than themselves)", word)
            return [M.Trust(rule="left_later", line=line)]

        def side(node) -> tuple[tuple[str | None, ...], bool | None]:
            if isinstance(node, Tree) and node.data == "nobody_":
                return (None,), False
            if isinstance(node, Tree) and node.data == "everyone_":
                return (None,), True
            if isinstance(node, Tree) and node.data == "names":
                return self.agent_list(node), None
            return (self.agent(node),), None

        who, who_q = side(st.children[0])
        whom, whom_q = side(st.children[1])
        trusts = st.data == "trusts" and who_q is not False and whom_q is not False
        return [M.Trust(listener=a, speaker=b, trusts=trusts, line=line)
                for a in who for b in whom]

    def event_model(self, st) -> M.EventModel:
        label, *lines = st.children
        events: list[M.RawEvent] = []
        considers: dict[str, dict[str, list[str]]] = {}
        considers_when: list = []
        actual: list[str] = []
        guard = None
        raw_lines = [ln for ln in lines if ln.data == "raw_event"]
        names = [str(ln.children[0]) for ln in raw_lines]
        if not raw_lines:
            raise self.error("an event model needs at least one 'event NAME: pre …' line", st)

        def event_name(tok) -> str:
            if str(tok) in names:
                return str(tok)
            raise self.error(f"unknown event {str(tok)!r}{did_you_mean(str(tok), names)}", tok)

        for ln in lines:
            if ln.data == "raw_event":
                name_tok, pre, *assigns = ln.children
                if names.count(str(name_tok)) > 1 and str(name_tok) in [e.name for e in events]:
                    raise self.error(f"event {str(name_tok)!r} is defined twice", name_tok)
                sets, becomes, becomes_when = [], [], []
                for a in assigns:
                    if a is None:
                        continue
                    var = self.variable(a.children[0])
                    rhs, cond = a.children[1], a.children[2]
                    if cond is None and any(v == var.name for v, _ in sets + becomes):
                        raise self.error(f"{var.name} is set twice in event {str(name_tok)}", a)
                    if cond is not None:
                        if not var.boolean:
                            raise self.error(f"only a proposition becomes a formula 'when' a "
                                             f"condition holds ({var.name} has values)", a)
                        becomes_when.append((var.name, self.formula(rhs),
                                             self.formula(cond.children[0])))
                    elif var.boolean:
                        becomes.append((var.name, self.formula(rhs)))
                    else:
                        if getattr(rhs, "data", None) != "prop":
                            raise self.error(f"{var.name} becomes one of its values "
                                             f"({', '.join(var.values)})", a)
                        sets.append((var.name, self.value(var, rhs.children[0])))
                events.append(M.RawEvent(name=str(name_tok), pre=self.formula(pre),
                                         sets=tuple(sets), becomes=tuple(becomes),
                                         becomes_when=tuple(becomes_when)))
            elif ln.data == "considers":
                who = self.agent(ln.children[0])
                seen = [event_name(t) for t in ln.children[1].children]
                at = [event_name(t) for t in ln.children[2].children]
                cond = ln.children[3] if len(ln.children) > 3 else None
                if cond is not None:
                    considers_when.append((who, self.formula(cond.children[0]),
                                           tuple((e, tuple(seen)) for e in at)))
                    continue
                rows = considers.setdefault(who, {})
                for e in at:
                    rows.setdefault(e, [])
                    rows[e] += [x for x in seen if x not in rows[e]]
            elif ln.data == "only_when":
                if guard is not None:
                    raise self.error("an event model has at most one 'only when' line", ln)
                guard = self.formula(ln.children[0])
            else:
                actual += [event_name(t) for t in ln.children]
        if not actual:
            raise self.error("an event model needs an 'actual E' line (the event that happens)", st)
        return M.EventModel(
            label=self.text(label), events=tuple(events), actual=tuple(dict.fromkeys(actual)),
            considers=tuple((a, tuple((e, tuple(v)) for e, v in rows.items()))
                            for a, rows in considers.items()),
            when=guard, considers_when=tuple(considers_when), line=st.meta.line)

    def initial_model(self, st) -> M.InitialModel:
        """``model … end``: worlds with their facts, belief arrows, actual worlds."""
        worlds = [ln for ln in st.children if ln.data == "world"]
        names = [str(w.children[0]) for w in worlds]
        if not worlds:
            raise self.error("a model needs at least one 'world NAME: facts' line", st)

        def world_name(tok) -> str:
            if str(tok) in names:
                return str(tok)
            raise self.error(f"unknown world {str(tok)!r}{did_you_mean(str(tok), names)}", tok)

        out_worlds, considers, actual = [], {}, []
        for ln in st.children:
            if ln.data == "world":
                name_tok, *facts = ln.children
                if names.count(str(name_tok)) > 1 and any(w == str(name_tok) for w, _ in out_worlds):
                    raise self.error(f"world {str(name_tok)!r} is defined twice", name_tok)
                got: dict[str, str] = {}
                for fact in facts:
                    if fact is None:
                        continue
                    if fact.data == "fact_true":
                        var = self.variable_named(fact.children[0], boolean=True)
                        value = "true"
                    else:
                        var = self.variable(fact.children[0])
                        value = self.value(var, fact.children[1])
                    if var.name in got:
                        raise self.error(f"{var.name} is given twice in world {str(name_tok)}", fact)
                    got[var.name] = value
                for v in self.variables:
                    if not v.boolean and v.name not in got:
                        raise self.error(f"world {str(name_tok)} must give {v.name} a value "
                                         f"({', '.join(v.values)})", ln)
                out_worlds.append((str(name_tok), tuple((v, got[v]) for v in
                                                        (x.name for x in self.variables) if v in got)))
            elif ln.data == "considers":
                if ln.children[3] is not None:
                    raise self.error("the arrows of a model have no 'when' condition (only an "
                                     "event model's do)", ln.children[3])
                who = self.agent(ln.children[0])
                seen = [world_name(t) for t in ln.children[1].children]
                rows = considers.setdefault(who, {})
                for w in (world_name(t) for t in ln.children[2].children):
                    rows.setdefault(w, [])
                    rows[w] += [x for x in seen if x not in rows[w]]
            else:
                actual += [world_name(t) for t in ln.children]
        if not actual:
            raise self.error("a model needs an 'actual W' line", st)
        return M.InitialModel(
            worlds=tuple(out_worlds), actual=tuple(dict.fromkeys(actual)),
            considers=tuple((a, tuple((w, tuple(v)) for w, v in rows.items()))
                            for a, rows in considers.items()),
            line=st.meta.line)

    def variable_named(self, tok, *, boolean: bool) -> M.Variable:
        name = str(tok)
        for v in self.variables:
            if v.name == name and v.boolean == boolean:
                return v
        props = [v.name for v in self.variables if v.boolean]
        raise self.error(f"unknown proposition {name!r}{did_you_mean(name, props)}", tok)

    def question(self, st, name: str, step: int) -> M.Question:
        _, q, answers = st.children
        *agents, ref = q.children
        path = tuple(self.agent(a) for a in agents)
        var = self.variable(ref)
        form = {"where_is": "where", "what_is": "what", "where_think": "where",
                "what_think": "what", "where_look": "look"}[q.data]
        expected = None
        if answers is not None:
            expected = tuple(self.value(var, a) for a in answers.children)
        return M.Question(name=name, path=path, variable=var.name, form=form, expected=expected,
                          step=step, line=st.meta.line)
