def solution_42():
    from reference.jeux import solution_42 as model_answer

    return model_answer()
