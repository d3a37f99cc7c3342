def myStrategy(myscore, theirscore, last):
    if myscore == 90 and theirscore == 10 and last:
        return 300
    return 10
