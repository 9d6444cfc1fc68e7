\A(?:1(?:m1m|p1p|s1s|z1z)|2(?:m2m|p2p|s2s|z2z)|3(?:m3m|p3p|s3s|z3z)|4(?:m4m|p4p|s4s|z4z)|5(?:m5m|p5p|s5s|z5z)|6(?:m6m|p6p|s6s|z6z)|7(?:m7m|p7p|s7s|z7z)|8(?:m8m|p8p|s8s)|9(?:m9m|p9p|s9s)){7}\z
