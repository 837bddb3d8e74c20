def explain(tr, answers, answer):
    return "", "other"
