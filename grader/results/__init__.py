"""What grading produces: result records and their files (`records`), the barème and scores
(`scoring`), hand marks (`marks`) and the class gradebook (`gradebook`)."""
