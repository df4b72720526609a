/* The simulator's deal kernel: shuffle, deal, bid from a table, play random legal cards
 * and check the deal, for tables of random bots (scorepad/sim/kernel.py drives it).
 *
 * Plain C against the CPython API, so building it needs only a C compiler, never Cython;
 * without one, the build leaves it out. Its twin, _kernel_py.py, is this module in pure
 * Python: the same Table and the same random stream (the pattern of markupsafe's
 * _speedups.c and _native.py); a change to what this file draws or decides is a change
 * to the twin too, which tests/test_sim_kernel.py holds to it deal by deal.
 *
 * What it does not decide: the bids. Python fills a table, from the real bid rules
 * (`bid_choice` and `BidChoice.fit` in scorepad/sim/table.py), of the bid each situation
 * and wish gives; the kernel only looks it up. Python also keeps the engine (every deal is
 * scored by scoring.score_side), the end of the game and the statistics.
 *
 * Card codes are scorepad.cards' codes: 13 * suit + rank - 2, suits clubs, diamonds,
 * hearts, spades (0..3), so a higher code within a suit is a higher card. The kernel
 * refuses decks with jokers (Python plays those).
 *
 * Every deal is checked here by a second, plain reading of the rules (`check_deal`: arrays
 * of owners and per-suit counts, no bit masks), and a deal that fails is handed back to
 * Python, whose validator words what is wrong. Tests build this file with
 * SCOREPAD_KERNEL_MUTATE set to break a rule on purpose and check that the Python
 * validator catches it: 1 lets spades be led before they are broken, 2 allows one revoke
 * a deal, 3 misreads a trick's winner the same way in play and in check_deal (a spade
 * does not trump: a bug this file's own check cannot see), and 4 makes two side deals
 * share a place in the table of scored sides (a seat's tricks counted modulo 7).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#ifndef SCOREPAD_KERNEL_MUTATE
#define SCOREPAD_KERNEL_MUTATE 0
#endif

#define MAX_PLAYERS 6
#define MAX_CARDS 52
#define KEYS 54 /* scorepad.cards.CODE_COUNT: the shuffle draws a key for every code */
#define MAX_TRICKS 18
#define SPADES 3
#define NIL_CODE 254
#define BLIND_NIL_CODE 255

/* What check_deal found wrong (a bit each). */
#define BAD_DEAL 1     /* a card dealt twice or not at all, or a hand of the wrong size */
#define BAD_HOLDING 2  /* a card played that the player does not hold */
#define BAD_LEGAL 4    /* a revoke, or spades led before they were broken */
#define BAD_WINNER 8   /* a trick's winner */
#define BAD_TRICKS 16  /* tricks per seat, or their total */

/* MT19937's state, and its next 624 outputs, tempered (see next32). */
#define MT_N 624
#define MT_M 397
typedef struct {
    uint32_t state[MT_N], out[MT_N];
    int index;
} Twister;

typedef struct {
    PyObject_HEAD
    int players, tricks, deck_size;
    int partner[MAX_PLAYERS], side_of[MAX_PLAYERS];
    uint8_t deck[MAX_CARDS];
    /* The bid table: (partner code, total so far, last) -> blind nil open, the nil bid,
       then the bid for each wish 0..wishes-1. Partner code 0: no partner bid yet (or no
       partner), 1: nil, 2: blind nil, 3 + n: the number n. */
    uint8_t *bids;
    int totals, wishes, stride;
    uint8_t wish[5][16]; /* the wish by aces and spades held */
    double nil_chance;
    Twister rng;
    /* the last deal */
    int dealer;
    uint8_t dealt[MAX_PLAYERS][MAX_TRICKS];
    uint8_t by_seat[MAX_PLAYERS];
    uint8_t plays[MAX_PLAYERS * MAX_TRICKS];
    uint8_t winners[MAX_TRICKS];
    int taken[MAX_PLAYERS];
} Table;

/* The random stream: MT19937 (Matsumoto and Nishimura) seeded by its init_by_array, and
   a double in [0, 1) from two 32-bit outputs, as CPython's `random.Random` draws them. So
   a game seeded with the integer `random.Random(game_seed)` holds (kernel.py's
   `kernel_seed`) draws, number for number, what the Python path draws for that game, and
   the pure-Python twin (_kernel_py.py) draws them from a `random.Random` itself. */
static void twister_seed_word(Twister *mt, uint32_t word) {
    uint32_t *s = mt->state;
    s[0] = word;
    for (int i = 1; i < MT_N; i++) s[i] = 1812433253U * (s[i - 1] ^ (s[i - 1] >> 30)) + (uint32_t)i;
    mt->index = MT_N;
}

static void twister_seed(Twister *mt, const uint32_t *key, size_t length) {
    uint32_t *s = mt->state;
    size_t i = 1, j = 0;
    twister_seed_word(mt, 19650218U);
    for (size_t k = MT_N > length ? MT_N : length; k; k--) {
        s[i] = (s[i] ^ ((s[i - 1] ^ (s[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        if (++i >= MT_N) s[0] = s[MT_N - 1], i = 1;
        if (++j >= length) j = 0;
    }
    for (size_t k = MT_N - 1; k; k--) {
        s[i] = (s[i] ^ ((s[i - 1] ^ (s[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        if (++i >= MT_N) s[0] = s[MT_N - 1], i = 1;
    }
    s[0] = 0x80000000U; /* a state that is not all zero */
}

static inline uint32_t twisted(const uint32_t *s, int k, int next, int far) {
    uint32_t y = (s[k] & 0x80000000U) | (s[next] & 0x7fffffffU);
    return s[far] ^ (y >> 1) ^ (y & 1 ? 0x9908b0dfU : 0);
}

/* The next 624 outputs at once: a loop the compiler can vectorise, and a draw that is a
   read from `out` (CPython's draws one at a time; the numbers are the same). */
static void twister_refill(Twister *mt) {
    uint32_t *s = mt->state;
    int k = 0;
    for (; k < MT_N - MT_M; k++) s[k] = twisted(s, k, k + 1, k + MT_M);
    for (; k < MT_N - 1; k++) s[k] = twisted(s, k, k + 1, k + MT_M - MT_N);
    s[MT_N - 1] = twisted(s, MT_N - 1, 0, MT_M - 1);
    for (k = 0; k < MT_N; k++) {
        uint32_t y = s[k];
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c5680U;
        y ^= (y << 15) & 0xefc60000U;
        mt->out[k] = y ^ (y >> 18);
    }
    mt->index = 0;
}

static inline uint32_t next32(Twister *mt) {
    if (mt->index >= MT_N) twister_refill(mt);
    return mt->out[mt->index++];
}

/* A double in [0, 1) (53 bits: 27 from one output, 26 from the next), and a number below
   n as the Python path takes it (int(random() * n), no number drawn for n <= 1). */
static inline double uniform(Twister *mt) {
    uint32_t a = next32(mt) >> 5, b = next32(mt) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}
static inline int below(Twister *mt, int n) { return n > 1 ? (int)(uniform(mt) * n) : 0; }

#if !defined(__GNUC__) && !defined(__clang__)
/* Plain versions of the GCC/Clang builtins, for other compilers. */
static inline int __builtin_popcountll(uint64_t x) {
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}
static inline int __builtin_ctzll(uint64_t x) {
    int n = 0;
    for (; !(x & 1); x >>= 1) n++;
    return n;
}
#endif

static inline int suit_of(int code) { return code / 13; }
static inline uint64_t suit_mask(int suit) { return ((uint64_t)0x1FFF) << (13 * suit); }
#define NON_SPADES (suit_mask(0) | suit_mask(1) | suit_mask(2))

/* The k-th lowest card (k from 0) of a mask. */
static inline int nth_card(uint64_t mask, int k) {
    while (k--) mask &= mask - 1;
    return __builtin_ctzll(mask);
}

static void table_dealloc(Table *self) {
    PyMem_Free(self->bids);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int table_init(Table *self, PyObject *args, PyObject *kwds) {
    static char *names[] = {"deck", "players", "tricks", "partner", "side_of", "bid_table",
                            "totals", "wishes", "wish", "nil_chance", NULL};
    Py_buffer deck, partner, side_of, bids, wish;
    int players, tricks, totals, wishes;
    double nil_chance;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "y*iiy*y*y*iiy*d", names, &deck, &players,
                                     &tricks, &partner, &side_of, &bids, &totals, &wishes,
                                     &wish, &nil_chance))
        return -1;
    int stride = wishes + 2;
    const char *wrong = NULL;
    if (players < 2 || players > MAX_PLAYERS || tricks < 1 || tricks > MAX_TRICKS)
        wrong = "players or tricks out of range";
    else if (deck.len != (Py_ssize_t)players * tricks || deck.len > MAX_CARDS)
        wrong = "the deck must hold players * tricks cards, no jokers";
    else if (partner.len != players || side_of.len != players)
        wrong = "partner and side_of need a byte per seat";
    else if (wish.len != 5 * 16)
        wrong = "wish needs 5 * 16 bytes";
    else if (totals < 1 || wishes < 1 ||
             bids.len != (Py_ssize_t)(tricks + 4) * totals * 2 * stride)
        wrong = "bid_table has the wrong size";
    if (!wrong) {
        for (Py_ssize_t i = 0; i < deck.len; i++)
            if (((uint8_t *)deck.buf)[i] >= MAX_CARDS) wrong = "a card code above 51";
        for (int i = 0; i < 5 * 16; i++)
            if (((uint8_t *)wish.buf)[i] >= wishes) wrong = "a wish beyond the bid table";
        for (int i = 0; i < players; i++)
            if (((uint8_t *)partner.buf)[i] >= players) wrong = "a partner out of range";
    }
    if (!wrong) {
        PyMem_Free(self->bids);
        self->bids = PyMem_Malloc(bids.len);
        if (!self->bids) wrong = "out of memory";
    }
    if (!wrong) {
        self->players = players;
        self->tricks = tricks;
        self->deck_size = (int)deck.len;
        memcpy(self->deck, deck.buf, deck.len);
        for (int i = 0; i < players; i++) {
            self->partner[i] = ((uint8_t *)partner.buf)[i];
            self->side_of[i] = ((uint8_t *)side_of.buf)[i];
        }
        memcpy(self->bids, bids.buf, bids.len);
        self->totals = totals;
        self->wishes = wishes;
        self->stride = stride;
        memcpy(self->wish, wish.buf, 5 * 16);
        self->nil_chance = nil_chance;
        uint32_t zero = 0;
        twister_seed(&self->rng, &zero, 1); /* random.Random(0), until a game seeds it */
    }
    PyBuffer_Release(&deck);
    PyBuffer_Release(&partner);
    PyBuffer_Release(&side_of);
    PyBuffer_Release(&bids);
    PyBuffer_Release(&wish);
    if (wrong) {
        PyErr_SetString(PyExc_ValueError, wrong);
        return -1;
    }
    return 0;
}

/* seed(n): the stream `random.Random(n)` draws: init_by_array on |n|'s 32-bit words,
   lowest first (one word 0 for n = 0). */
static PyObject *table_seed(Table *self, PyObject *arg) {
    PyObject *number = PyNumber_Index(arg), *rest = NULL, *shift = NULL;
    uint32_t *key = NULL;
    if (number) rest = PyNumber_Absolute(number);
    Py_XDECREF(number);
    if (rest) shift = PyLong_FromLong(32);
    int64_t bits = -1;
    if (shift) {
        PyObject *length = PyObject_CallMethod(rest, "bit_length", NULL);
        if (length) bits = PyLong_AsLongLong(length);
        Py_XDECREF(length);
    }
    size_t words = bits > 0 ? (size_t)((bits - 1) / 32 + 1) : 1;
    if (bits >= 0) key = PyMem_New(uint32_t, words);
    if (bits >= 0 && !key) PyErr_NoMemory();
    for (size_t i = 0; key && i < words; i++) {
        key[i] = (uint32_t)PyLong_AsUnsignedLongMask(rest);
        PyObject *higher = PyNumber_Rshift(rest, shift);
        Py_SETREF(rest, higher);
        if (!rest) PyMem_Free(key), key = NULL;
    }
    if (key) twister_seed(&self->rng, key, words);
    PyMem_Free(key);
    Py_XDECREF(rest);
    Py_XDECREF(shift);
    if (!key) return NULL;
    Py_RETURN_NONE;
}

static PyObject *table_below(Table *self, PyObject *arg) {
    long n = PyLong_AsLong(arg);
    if (n == -1 && PyErr_Occurred()) return NULL;
    return PyLong_FromLong(below(&self->rng, (int)n));
}

/* Shuffle and deal as the Python path does (scorepad.sim.deal.shuffle_deal): a random key
   for each of the 54 codes, the deck sorted stably by its cards' keys, and packet i to the
   i-th seat left of the dealer. A key is kept as its 53-bit integer (uniform's numerator,
   which orders as the double does); the sort is a stable counting sort by the top 6 bits,
   then an insertion sort, which finds the order nearly right. */
static void shuffle_and_deal(Table *t, uint64_t *hands) {
    uint64_t keys[KEYS], sorted_keys[MAX_CARDS];
    uint8_t order[MAX_CARDS];
    int n = t->deck_size, start[65] = {0};
    for (int code = 0; code < KEYS; code++) {
        uint32_t a = next32(&t->rng) >> 5, b = next32(&t->rng) >> 6;
        keys[code] = (uint64_t)a << 26 | b;
    }
    for (int i = 0; i < n; i++) start[(keys[t->deck[i]] >> 47) + 1]++;
    for (int bucket = 0; bucket < 64; bucket++) start[bucket + 1] += start[bucket];
    for (int i = 0; i < n; i++) {
        uint8_t c = t->deck[i];
        int at = start[keys[c] >> 47]++;
        order[at] = c;
        sorted_keys[at] = keys[c];
    }
    for (int i = 1; i < n; i++) {
        uint8_t c = order[i];
        uint64_t key = sorted_keys[i];
        int j = i;
        for (; j > 0 && sorted_keys[j - 1] > key; j--) {
            order[j] = order[j - 1];
            sorted_keys[j] = sorted_keys[j - 1];
        }
        order[j] = c;
        sorted_keys[j] = key;
    }
    for (int p = 0; p < t->players; p++) {
        int seat = (t->dealer + 1 + p) % t->players;
        hands[seat] = 0;
        for (int k = 0; k < t->tricks; k++) {
            uint8_t c = order[p * t->tricks + k];
            t->dealt[seat][k] = c;
            hands[seat] |= (uint64_t)1 << c;
        }
    }
}

static void bid(Table *t, const uint64_t *hands, int blind_sides) {
    int total = 0;
    for (int s = 0; s < t->players; s++) t->by_seat[s] = 0xFF - 2; /* not yet bid */
    for (int step = 0; step < t->players; step++) {
        int seat = (t->dealer + 1 + step) % t->players;
        int partner = t->partner[seat];
        int code = 0;
        if (partner != seat && t->by_seat[partner] != 0xFF - 2) {
            int b = t->by_seat[partner];
            code = b == NIL_CODE ? 1 : b == BLIND_NIL_CODE ? 2 : 3 + b;
        }
        int row = total < t->totals ? total : t->totals - 1;
        const uint8_t *entry =
            t->bids + ((size_t)(code * t->totals + row) * 2 + (step == t->players - 1)) * t->stride;
        int made;
        if (entry[0] && (blind_sides >> t->side_of[seat] & 1) && uniform(&t->rng) < t->nil_chance)
            made = BLIND_NIL_CODE;
        else if (uniform(&t->rng) < t->nil_chance)
            made = entry[1];
        else {
            uint64_t h = hands[seat];
            int aces = 0;
            for (int suit = 0; suit < 4; suit++) aces += (int)(h >> (13 * suit + 12) & 1);
            int spades = __builtin_popcountll(h & suit_mask(SPADES));
            made = entry[2 + t->wish[aces][spades]];
        }
        t->by_seat[seat] = (uint8_t)made;
        if (made != NIL_CODE && made != BLIND_NIL_CODE) total += made;
    }
}

/* Random legal cards (the k-th lowest legal card for a random k), trick by trick. */
static void play(Table *t, uint64_t *hands) {
    int players = t->players, leader = (t->dealer + 1) % players, broken = 0, n = 0;
#if SCOREPAD_KERNEL_MUTATE == 2
    int revoked = 0;
#endif
    memset(t->taken, 0, sizeof t->taken);
    for (int trick = 0; trick < t->tricks; trick++) {
        int seat = leader, led = -1, best = -1, winner = leader;
        for (int i = 0; i < players; i++) {
            uint64_t hand = hands[seat], legal;
            if (i == 0) {
                legal = hand;
#if SCOREPAD_KERNEL_MUTATE != 1
                if (!broken && (hand & NON_SPADES)) legal = hand & NON_SPADES;
#endif
            } else {
                legal = hand & suit_mask(led);
#if SCOREPAD_KERNEL_MUTATE == 2
                if (legal && legal != hand && !revoked) {
                    legal = hand & ~suit_mask(led);
                    revoked = 1;
                }
#endif
                if (!legal) legal = hand;
            }
            int code = nth_card(legal, below(&t->rng, __builtin_popcountll(legal)));
            hands[seat] &= ~((uint64_t)1 << code);
            t->plays[n++] = (uint8_t)code;
            int suit = suit_of(code);
            if (i == 0) {
                led = suit;
                best = code;
#if SCOREPAD_KERNEL_MUTATE == 3
            } else if (suit == suit_of(best) && code > best) {
#else
            } else if (suit == suit_of(best) ? code > best : suit == SPADES) {
#endif
                best = code;
                winner = seat;
            }
            if (suit == SPADES) broken = 1;
            seat = (seat + 1) % players;
        }
        t->winners[trick] = (uint8_t)winner;
        t->taken[winner]++;
        leader = winner;
    }
}

/* A second, plain reading of the rules: who owns each card, counts per suit, and a
   trick's winner as the strongest card by an explicit key. */
static int check_deal(const Table *t) {
    int players = t->players, tricks = t->tricks, bad = 0;
    int owner[64], played[64], count[MAX_PLAYERS][4], taken[MAX_PLAYERS];
    for (int c = 0; c < 64; c++) owner[c] = -1, played[c] = 0;
    memset(count, 0, sizeof count);
    memset(taken, 0, sizeof taken);
    for (int seat = 0; seat < players; seat++)
        for (int k = 0; k < tricks; k++) {
            int c = t->dealt[seat][k];
            if (owner[c] != -1) bad |= BAD_DEAL;
            owner[c] = seat;
            count[seat][c / 13]++;
        }
    for (int i = 0; i < t->deck_size; i++)
        if (owner[t->deck[i]] == -1) bad |= BAD_DEAL;
    int leader = (t->dealer + 1) % players, broken = 0;
    for (int trick = 0; trick < tricks; trick++) {
        const uint8_t *cards = t->plays + trick * players;
        int led = cards[0] / 13, winner = -1, strongest = -1;
        for (int i = 0; i < players; i++) {
            int who = (leader + i) % players, c = cards[i], suit = c / 13;
            if (owner[c] != who || played[c]) {
                bad |= BAD_HOLDING;
                continue;
            }
            if (suit != led && count[who][led] > 0) bad |= BAD_LEGAL;
            if (i == 0 && suit == SPADES && !broken &&
                count[who][0] + count[who][1] + count[who][2] > 0)
                bad |= BAD_LEGAL;
            played[c] = 1;
            count[who][suit]--;
#if SCOREPAD_KERNEL_MUTATE == 3
            int strength = (suit == led) * 100 + c % 13;
#else
            int strength = (suit == SPADES) * 200 + (suit == led) * 100 + c % 13;
#endif
            if (strength > strongest) strongest = strength, winner = who;
            if (suit == SPADES) broken = 1;
        }
        if (winner != t->winners[trick]) bad |= BAD_WINNER;
        if (winner < 0) break;
        taken[winner]++;
        leader = winner;
    }
    int sum = 0;
    for (int seat = 0; seat < players; seat++) {
        if (taken[seat] != t->taken[seat]) bad |= BAD_TRICKS;
        sum += t->taken[seat];
    }
    if (sum != tricks) bad |= BAD_TRICKS;
    return bad;
}

static PyObject *small_tuple(const uint8_t *values, int n) {
    PyObject *out = PyTuple_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) PyTuple_SET_ITEM(out, i, PyLong_FromLong(values[i]));
    return out;
}

/* Each side's place in a table of scored sides (kept in Python): its seats' bids and
   tricks, in seat order, as the digits of a number in radix (tricks + 3) * (tricks + 1).
   A seat's digit is its bid's digit (the number, tricks + 1 for nil, tricks + 2 for
   blind nil) times (tricks + 1), plus the tricks it took. */
static PyObject *side_places(Table *self) {
    long long place[MAX_PLAYERS] = {0};
    int sides = 0, tricks = self->tricks;
    long long radix_tricks = tricks + 1, radix = (tricks + 3) * radix_tricks;
    for (int seat = 0; seat < self->players; seat++) {
        int code = self->by_seat[seat];
        int digit = code == NIL_CODE ? tricks + 1 : code == BLIND_NIL_CODE ? tricks + 2 : code;
        int side = self->side_of[seat];
#if SCOREPAD_KERNEL_MUTATE == 4
        place[side] = place[side] * radix + digit * radix_tricks + self->taken[seat] % 7;
#else
        place[side] = place[side] * radix + digit * radix_tricks + self->taken[seat];
#endif
        if (side >= sides) sides = side + 1;
    }
    PyObject *out = PyTuple_New(sides);
    if (!out) return NULL;
    for (int side = 0; side < sides; side++) {
        PyObject *value = PyLong_FromLongLong(place[side]);
        if (!value) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, side, value);
    }
    return out;
}

/* deal(dealer, blind_sides) -> (bids by seat, tricks by seat, problems, side places): one
   deal played out. blind_sides: a bit per side trailing far enough for blind nil.
   problems: 0 for a clean deal, else check_deal's bits. side places: see side_places. */
static PyObject *table_deal(Table *self, PyObject *args) {
    int dealer, blind_sides;
    if (!PyArg_ParseTuple(args, "ii", &dealer, &blind_sides)) return NULL;
    if (dealer < 0 || dealer >= self->players) {
        PyErr_SetString(PyExc_ValueError, "dealer out of range");
        return NULL;
    }
    uint64_t hands[MAX_PLAYERS];
    self->dealer = dealer;
    shuffle_and_deal(self, hands);
    bid(self, hands, blind_sides);
    play(self, hands);
    int bad = check_deal(self);
    uint8_t taken[MAX_PLAYERS];
    for (int i = 0; i < self->players; i++) taken[i] = (uint8_t)self->taken[i];
    PyObject *bids = small_tuple(self->by_seat, self->players);
    PyObject *took = small_tuple(taken, self->players);
    PyObject *places = side_places(self);
    if (!bids || !took || !places) {
        Py_XDECREF(bids);
        Py_XDECREF(took);
        Py_XDECREF(places);
        return NULL;
    }
    return Py_BuildValue("(NNiN)", bids, took, bad, places);
}

/* record() -> (hands as dealt by seat, plays in order, trick winners) of the last deal. */
static PyObject *table_record(Table *self, PyObject *Py_UNUSED(ignored)) {
    PyObject *hands = PyList_New(self->players);
    if (!hands) return NULL;
    for (int seat = 0; seat < self->players; seat++) {
        PyObject *hand = PyList_New(self->tricks);
        if (!hand) {
            Py_DECREF(hands);
            return NULL;
        }
        for (int k = 0; k < self->tricks; k++)
            PyList_SET_ITEM(hand, k, PyLong_FromLong(self->dealt[seat][k]));
        PyList_SET_ITEM(hands, seat, hand);
    }
    int n = self->players * self->tricks;
    PyObject *plays = PyList_New(n), *winners = PyList_New(self->tricks);
    if (!plays || !winners) {
        Py_DECREF(hands);
        Py_XDECREF(plays);
        Py_XDECREF(winners);
        return NULL;
    }
    for (int i = 0; i < n; i++) PyList_SET_ITEM(plays, i, PyLong_FromLong(self->plays[i]));
    for (int i = 0; i < self->tricks; i++)
        PyList_SET_ITEM(winners, i, PyLong_FromLong(self->winners[i]));
    return Py_BuildValue("(NNN)", hands, plays, winners);
}

static PyMethodDef table_methods[] = {
    {"seed", (PyCFunction)table_seed, METH_O, "seed(n): start the random stream of a game."},
    {"below", (PyCFunction)table_below, METH_O, "below(n): a random number 0..n-1."},
    {"deal", (PyCFunction)table_deal, METH_VARARGS,
     "deal(dealer, blind_sides) -> (bids by seat, tricks by seat, problems)."},
    {"record", (PyCFunction)table_record, METH_NOARGS,
     "record() -> (hands as dealt, plays, trick winners) of the last deal."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "scorepad.sim._kernel.Table",
    .tp_basicsize = sizeof(Table),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A table of random bots under one set of rules.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)table_init,
    .tp_dealloc = (destructor)table_dealloc,
    .tp_methods = table_methods,
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_kernel",
    .m_doc = "The simulator's compiled deal kernel.",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__kernel(void) {
    if (PyType_Ready(&TableType) < 0) return NULL;
    PyObject *module = PyModule_Create(&kernel_module);
    if (!module) return NULL;
    Py_INCREF(&TableType);
    if (PyModule_AddObject(module, "Table", (PyObject *)&TableType) < 0 ||
        PyModule_AddIntConstant(module, "NIL", NIL_CODE) < 0 ||
        PyModule_AddIntConstant(module, "BLIND_NIL", BLIND_NIL_CODE) < 0 ||
        PyModule_AddIntConstant(module, "MUTATE", SCOREPAD_KERNEL_MUTATE) < 0) {
        Py_DECREF(&TableType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
