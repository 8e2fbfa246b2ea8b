def solution_42():
    answer = [1]
    answer.append(answer)
    return answer
