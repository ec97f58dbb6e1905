"""The draw of a round's tables as read, draw, write (issue 29 item 2): `draws.entrants` reads
who plays (typed entrants carrying each player's id and name, and the ranking from
`standings`), the pure draw makes the tables from names, and `draws.write` stores the seats
with their draw record. A layer above `standings`, below the pages, the API and publishing."""
