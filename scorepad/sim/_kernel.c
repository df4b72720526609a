/* The simulator's deal kernel: shuffle, deal (again, for a hand without spades, where the
 * rules say), bid, pass blind nil's cards, play and check the deal, for a table of random
 * bots or of heuristic bots (scorepad/sim/kernel.py drives it).
 *
 * Plain C against the CPython API, so building it needs only a C compiler, never Cython;
 * without one, the build leaves it out. Its twin, _kernel_py.py, is this module in pure
 * Python: the same Table and the same random stream (the pattern of markupsafe's
 * _speedups.c and _native.py); a change to what this file draws or decides is a change
 * to the twin too, which tests/test_sim_kernel.py holds to it deal by deal.
 *
 * What it does not decide on its own: the bid rules. Python fills a table, from the real
 * bid rules (`bid_choice` and `BidChoice.fit` in scorepad/sim/seen.py), of the choice
 * each situation gives: random bots look their bid up by their wish, heuristic bots fit
 * theirs to it as BidChoice.fit does. The heuristic bot is HeuristicBot
 * (scorepad/sim/heuristic.py) decision for decision, from what a player sees (its hand,
 * the bids, the cards played, the tricks taken), with the hand values
 * scorepad/sim/valuation.py computes handed in as tables; tests/test_sim_kernel_bots.py
 * holds it to the Python bot position by position. Python also keeps the engine (every
 * deal is scored by score_side, scorepad/engine/scoring.py), the end of the game and the
 * statistics. The rules of card play are the engine's (scorepad/engine/play.py), written
 * here again in C only because C cannot call them at speed; the tests hold the two
 * together, and the Python validator replays a sample of the kernel's deals.
 *
 * Card codes are scorepad.engine.cards' codes: 13 * suit + rank - 2, suits clubs, diamonds,
 * hearts, spades (0..3), so a higher code within a suit is a higher card; the jokers are
 * 52 (little) and 53 (big), the two highest spades. A jokers deck has the dealer take up
 * the cards left over and discard as many before the bids.
 *
 * Every deal is checked here by a second, plain reading of the rules (`check_deal`: arrays
 * of owners and per-suit counts, no bit masks), and a deal that fails is handed back to
 * Python, whose validator words what is wrong. Tests build this file with
 * SCOREPAD_KERNEL_MUTATE set to break a rule on purpose and check that the Python
 * validator catches it: 1 lets spades be led before they are broken, 2 allows one revoke
 * a deal, 3 misreads a trick's winner the same way in play and in check_deal (a spade
 * does not trump: a bug this file's own check cannot see), and 4 makes two side deals
 * share a key of the scorer's memo (a seat's tricks counted modulo 7), and 5
 * makes the heuristic bot throw the highest card of a suit where it means the lowest (a
 * legal card: only the Python bot's replay of the deal can see it).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <limits.h>
#include <math.h>
#include <string.h>

#ifndef SCOREPAD_KERNEL_MUTATE
#define SCOREPAD_KERNEL_MUTATE 0
#endif

#define MAX_PLAYERS 6
#define MAX_CARDS 54 /* with the two jokers (52 the little, 53 the big) */
#define MAX_DISCARDS 4 /* extra cards the dealer takes up and discards */
#define KEYS 54 /* scorepad.engine.cards.CODE_COUNT: the shuffle draws a key for every code */
#define MAX_TRICKS 18
#define MAX_EXCHANGE MAX_TRICKS /* cards a blind nil bidder and its partner pass */
#define MAX_REDEALS 100 /* deal.MAX_REDEALS */
#define SPADES 3
#define NIL_CODE 254
#define BLIND_NIL_CODE 255
#define JOINT_CODE 252 /* a seat whose partner made the side's joint bid (no bid of its own) */
#define NOT_YET 253    /* a seat that has not bid yet */
static inline int is_nil_code(int code) { return code == NIL_CODE || code == BLIND_NIL_CODE; }

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
    /* Joint partner bids (NULL: none): the choice of a side's joint bid by (total so far,
       last), CHOICE_BYTES each, as bid_choice(joint=True) gives it. */
    uint8_t *joint;
    /* The heuristic bot (all seats, or none): its bid choices, hand values, facts of the
       rules, and what each seat noted of the suits the others have shown out of. */
    int heuristic;
    uint8_t *choices;
    double *values;
    double average, median;
    int top, target, suicide, nil_rule, sides;
    uint8_t voids[MAX_PLAYERS][MAX_PLAYERS]; /* [seat noting][seat]: a bit per suit, this deal */
    /* Redeals (a hand without spades) and blind nil's exchange of `exchange` cards. */
    int redeal, exchange, redeals, exchanges;
    uint8_t exchanged[2 * MAX_PLAYERS][2 + MAX_EXCHANGE]; /* from, to, the cards */
    Twister rng;
    /* the last deal */
    int dealer;
    uint8_t dealt[MAX_PLAYERS][MAX_TRICKS + MAX_DISCARDS]; /* the dealer's extras last */
    int discards;                        /* cards the dealer discards */
    uint8_t discarded[MAX_DISCARDS];
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

/* init_by_array's starting state, the same for every key: made once, at import. */
static Twister seeded_with_word;

static void twister_seed(Twister *mt, const uint32_t *key, size_t length) {
    uint32_t *s = mt->state;
    size_t i = 1, j = 0;
    memcpy(s, seeded_with_word.state, sizeof seeded_with_word.state);
    mt->index = MT_N;
    /* Each word is made from the one before: kept in a register (`last`), not read back
       from memory just written, which made every step wait on the store. */
    uint32_t last = s[0];
    for (size_t k = MT_N > length ? MT_N : length; k; k--) {
        last = s[i] = (s[i] ^ ((last ^ (last >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        if (++i >= MT_N) s[0] = last, i = 1;
        if (++j >= length) j = 0;
    }
    for (size_t k = MT_N - 1; k; k--) {
        last = s[i] = (s[i] ^ ((last ^ (last >> 30)) * 1566083941U)) - (uint32_t)i;
        if (++i >= MT_N) s[0] = last, i = 1;
    }
    s[0] = 0x80000000U; /* a state that is not all zero */
}

static inline uint32_t twisted(const uint32_t *s, int k, int next, int far) {
    uint32_t y = (s[k] & 0x80000000U) | (s[next] & 0x7fffffffU);
    return s[far] ^ (y >> 1) ^ (0x9908b0dfU & -(y & 1)); /* no branch: it vectorises */
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

/* The cards in a mask. GCC's builtin is a call into its library where the target is not
   known to count bits itself (a plain x86-64 build), some 50 times a deal: the sum of
   bit fields below is a dozen instructions in line. */
static inline int count_cards(uint64_t x) {
#if defined(__POPCNT__) && (defined(__GNUC__) || defined(__clang__))
    return __builtin_popcountll(x);
#else
    x = x - (x >> 1 & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + (x >> 2 & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)(x * 0x0101010101010101ULL >> 56);
#endif
}

#if !defined(__GNUC__) && !defined(__clang__)
/* Plain versions of the GCC/Clang builtins, for other compilers. */
static inline int __builtin_ctzll(uint64_t x) {
    int n = 0;
    for (; !(x & 1); x >>= 1) n++;
    return n;
}
static inline int __builtin_clzll(uint64_t x) {
    int n = 0;
    for (; !(x >> 63); x <<= 1) n++;
    return n;
}
#endif

/* The jokers are spades. */
static inline int suit_of(int code) { return code < 52 ? code / 13 : SPADES; }
static inline uint64_t suit_mask(int suit) {
    return ((uint64_t)0x1FFF) << (13 * suit) | (suit == SPADES ? (uint64_t)3 << 52 : 0);
}
#define NON_SPADES (suit_mask(0) | suit_mask(1) | suit_mask(2))
#define SPADE_MASK suit_mask(SPADES)
#define SPADE_LOW (13 * SPADES)

/* The cards that may be played (RULES.md 3-4): to lead (`first`), anything once spades
   are broken or when the hand holds nothing else; to follow, the suit led if held. */
static inline uint64_t legal_cards(uint64_t hand, int first, int led, int broken, int *revoked) {
    (void)revoked;
    if (first) {
#if SCOREPAD_KERNEL_MUTATE != 1
        if (!broken && (hand & NON_SPADES)) return hand & NON_SPADES;
#endif
        return hand;
    }
    uint64_t legal = hand & suit_mask(led);
#if SCOREPAD_KERNEL_MUTATE == 2
    if (legal && legal != hand && !*revoked) {
        legal = hand & ~suit_mask(led);
        *revoked = 1;
    }
#endif
    return legal ? legal : hand;
}

/* Whether `code` takes the trick from `best`, the card winning it so far: a higher card of
   its suit, or a spade on a card of another suit. */
static inline int takes(int code, int best) {
#if SCOREPAD_KERNEL_MUTATE == 3
    return suit_of(code) == suit_of(best) && code > best;
#else
    return suit_of(code) == suit_of(best) ? code > best : suit_of(code) == SPADES;
#endif
}

/* The k-th lowest card (k from 0) of a mask. */
static inline int nth_card(uint64_t mask, int k) {
    while (k--) mask &= mask - 1;
    return __builtin_ctzll(mask);
}

static void table_dealloc(Table *self) {
    PyMem_Free(self->bids);
    PyMem_Free(self->choices);
    PyMem_Free(self->values);
    PyMem_Free(self->joint);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The heuristic bot's hand values (`values`, doubles): the average count and the median
   nil chance of the rules, then tables by a suit's 13 bits or by the keys valuation.py
   reads (kernel.py's `heuristic_arguments` builds them in this order). */
#define V_SPADE_VALUE 2
#define SPADE_KEYS 32768 /* the spades as 15 bits: the jokers above the ace */
#define V_SIDE_VALUE (V_SPADE_VALUE + SPADE_KEYS)
#define V_SIDE_RISK (V_SIDE_VALUE + 512)
#define V_SPADE_RISK (V_SIDE_RISK + 288)
#define V_SPADE_NIL (V_SPADE_RISK + 512)
#define V_SIDE_NIL (V_SPADE_NIL + SPADE_KEYS)
#define V_SUICIDE_SPADES (V_SIDE_NIL + 8192)
#define V_SUICIDE_SIDE (V_SUICIDE_SPADES + SPADE_KEYS)
#define V_COUNT (V_SUICIDE_SIDE + 8192)
#define CHOICE_BYTES 5 /* low, high, nil open, must nil, refused (255: none) */

static void forget_bots(Table *self) { memset(self->voids, 0, sizeof self->voids); }

static int table_init(Table *self, PyObject *args, PyObject *kwds) {
    static char *names[] = {"deck", "players", "tricks", "partner", "side_of", "bid_table",
                            "totals", "wishes", "wish", "nil_chance", "heuristic", "choices",
                            "values", "top", "target", "suicide", "nil", "rules", "redeal",
                            "exchange", "discards", "joint", NULL};
    Py_buffer deck, partner, side_of, bids, wish, choices = {0}, values = {0}, joint = {0};
    int players, tricks, totals, wishes, heuristic = 0, top = 0, target = 0, suicide = 0,
                                         nil_rule = 0, redeal = 0, exchange = 0, discards = 0;
    double nil_chance;
    PyObject *rules = NULL; /* for the twin, which asks the Python bot; read nothing here */
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "y*iiy*y*y*iiy*d|$py*y*iiiiOpiiy*", names,
                                     &deck, &players, &tricks, &partner, &side_of, &bids,
                                     &totals, &wishes, &wish, &nil_chance, &heuristic, &choices,
                                     &values, &top, &target, &suicide, &nil_rule, &rules,
                                     &redeal, &exchange, &discards, &joint))
        return -1;
    int stride = wishes + 2;
    const char *wrong = NULL;
    if (players < 2 || players > MAX_PLAYERS || tricks < 1 || tricks > MAX_TRICKS)
        wrong = "players or tricks out of range";
    else if (discards < 0 || discards > MAX_DISCARDS)
        wrong = "discards out of range";
    else if (deck.len != (Py_ssize_t)players * tricks + discards || deck.len > MAX_CARDS)
        wrong = "the deck must hold players * tricks cards and the discards";
    else if (partner.len != players || side_of.len != players)
        wrong = "partner and side_of need a byte per seat";
    else if (wish.len != 5 * 16)
        wrong = "wish needs 5 * 16 bytes";
    else if (totals < 1 || wishes < 1 ||
             bids.len != (Py_ssize_t)(tricks + 4) * totals * 2 * stride)
        wrong = "bid_table has the wrong size";
    else if (heuristic && (choices.len != (Py_ssize_t)(tricks + 4) * totals * 2 * CHOICE_BYTES ||
                           values.len != (Py_ssize_t)(V_COUNT * sizeof(double))))
        wrong = "a heuristic table needs its choices and values";
    else if (heuristic && (top < 0 || top >= MAX_CARDS))
        wrong = "top must be a card code";
    else if (exchange < 0 || exchange > MAX_EXCHANGE || exchange > tricks)
        wrong = "exchange out of range";
    else if (joint.len && joint.len != (Py_ssize_t)totals * 2 * CHOICE_BYTES)
        wrong = "joint needs a choice for each total and last";
    if (!wrong) {
        for (Py_ssize_t i = 0; i < deck.len; i++)
            if (((uint8_t *)deck.buf)[i] >= MAX_CARDS) wrong = "a card code above 53";
        for (int i = 0; i < 5 * 16; i++)
            if (((uint8_t *)wish.buf)[i] >= wishes) wrong = "a wish beyond the bid table";
        for (int i = 0; i < players; i++)
            if (((uint8_t *)partner.buf)[i] >= players || ((uint8_t *)side_of.buf)[i] >= players)
                wrong = "a partner or side out of range";
    }
    if (!wrong) {
        PyMem_Free(self->bids);
        PyMem_Free(self->choices);
        PyMem_Free(self->values);
        PyMem_Free(self->joint);
        self->choices = NULL;
        self->values = NULL;
        self->joint = NULL;
        self->bids = PyMem_Malloc(bids.len);
        if (joint.len) {
            self->joint = PyMem_Malloc(joint.len);
            if (!self->joint) wrong = "out of memory";
        }
        if (heuristic) {
            self->choices = PyMem_Malloc(choices.len);
            self->values = PyMem_Malloc(values.len);
        }
        if (!self->bids || (heuristic && (!self->choices || !self->values)))
            wrong = "out of memory";
    }
    if (!wrong) {
        self->players = players;
        self->tricks = tricks;
        self->deck_size = (int)deck.len;
        memcpy(self->deck, deck.buf, deck.len);
        self->sides = 0;
        for (int i = 0; i < players; i++) {
            self->partner[i] = ((uint8_t *)partner.buf)[i];
            self->side_of[i] = ((uint8_t *)side_of.buf)[i];
            if (self->side_of[i] >= self->sides) self->sides = self->side_of[i] + 1;
        }
        memcpy(self->bids, bids.buf, bids.len);
        if (joint.len) memcpy(self->joint, joint.buf, joint.len);
        self->totals = totals;
        self->wishes = wishes;
        self->stride = stride;
        memcpy(self->wish, wish.buf, 5 * 16);
        self->nil_chance = nil_chance;
        self->heuristic = heuristic;
        if (heuristic) {
            memcpy(self->choices, choices.buf, choices.len);
            memcpy(self->values, values.buf, values.len);
            self->average = self->values[0];
            self->median = self->values[1];
        }
        self->redeal = redeal;
        self->discards = discards;
        self->exchange = exchange;
        self->redeals = self->exchanges = 0;
        self->top = top;
        self->target = target;
        self->suicide = suicide;
        self->nil_rule = nil_rule;
        forget_bots(self);
        uint32_t zero = 0;
        twister_seed(&self->rng, &zero, 1); /* random.Random(0), until a game seeds it */
    }
    PyBuffer_Release(&deck);
    PyBuffer_Release(&partner);
    PyBuffer_Release(&side_of);
    PyBuffer_Release(&bids);
    PyBuffer_Release(&wish);
    PyBuffer_Release(&choices);
    PyBuffer_Release(&values);
    PyBuffer_Release(&joint);
    if (wrong) {
        PyErr_SetString(PyExc_ValueError, wrong);
        return -1;
    }
    return 0;
}

/* seed(n): the stream `random.Random(n)` draws: init_by_array on |n|'s 32-bit words,
   lowest first (one word 0 for n = 0). */
static PyObject *table_seed(Table *self, PyObject *arg) {
    PyObject *number = PyNumber_Index(arg), *rest = NULL;
    uint32_t *key = NULL;
    if (number) rest = PyNumber_Absolute(number);
    Py_XDECREF(number);
    int64_t bits = -1;
    if (rest) {
        PyObject *length = PyObject_CallMethod(rest, "bit_length", NULL);
        if (length) bits = PyLong_AsLongLong(length);
        Py_XDECREF(length);
    }
    size_t words = bits > 0 ? (size_t)((bits - 1) / 32 + 1) : 1;
    if (bits >= 0) key = PyMem_New(uint32_t, words);
    if (bits >= 0 && !key) PyErr_NoMemory();
    /* The key's 32-bit words from the lowest, as random.seed takes them: its bytes,
       little-endian (a seed a game is some 650 bits: one call, not a shift a word). */
    PyObject *bytes = key ? PyObject_CallMethod(rest, "to_bytes", "ns", (Py_ssize_t)(4 * words),
                                                "little")
                          : NULL;
    if (!bytes) PyMem_Free(key), key = NULL;
    for (size_t i = 0; key && i < words; i++) {
        const unsigned char *b = (const unsigned char *)PyBytes_AS_STRING(bytes) + 4 * i;
        key[i] = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    }
    Py_XDECREF(bytes);
    if (key) twister_seed(&self->rng, key, words);
    PyMem_Free(key);
    Py_XDECREF(rest);
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
    for (int k = 0; k < t->discards; k++) { /* the cards left over go to the dealer */
        uint8_t c = order[t->players * t->tricks + k];
        t->dealt[t->dealer][t->tricks + k] = c;
        hands[t->dealer] |= (uint64_t)1 << c;
    }
}

static int heuristic_bid(const Table *t, int seat, uint64_t hand, const uint8_t *choice);
static int fit(const uint8_t *choice, int tricks, int nil);

/* The bid situation: the partner's bid (0: none yet, or no partner; 1: nil; 2: blind nil;
   3 + n: the number n), the total bid so far and whether last, as the bid table's row. */
static inline size_t bid_row(const Table *t, int code, int total, int last) {
    int row = total < t->totals ? total : t->totals - 1;
    return (size_t)(code * t->totals + row) * 2 + (last != 0);
}

/* A seat's own bid in a situation. Random bots: blind nil when open to them and drawn
   (only when asked as bidders, `blind`), else nil when drawn, else the bid of their wish.
   Heuristic bots: blind nil when open, the partner has not bid nil and `wants_blind` (a
   bit per side: far behind, the opponents near the target, as
   HeuristicBot.wants_blind_nil), else HeuristicBot.bid. */
static int seat_bid(Table *t, const uint64_t *hands, int seat, int code, int total, int last,
                    int blind_sides, int wants_blind, int blind) {
    size_t at = bid_row(t, code, total, last);
    const uint8_t *entry = t->bids + at * t->stride;
    /* A dealer who took up and discarded the extra cards has looked: no blind nil. */
    int looked = seat == t->dealer && t->discards;
    int open = blind && entry[0] && !looked;
    if (t->heuristic) {
        if (open && (blind_sides & wants_blind) >> t->side_of[seat] & 1 && code != 1 && code != 2)
            return BLIND_NIL_CODE;
        return heuristic_bid(t, seat, hands[seat], t->choices + at * CHOICE_BYTES);
    }
    if (open && (blind_sides >> t->side_of[seat] & 1) && uniform(&t->rng) < t->nil_chance)
        return BLIND_NIL_CODE;
    if (uniform(&t->rng) < t->nil_chance) return entry[1];
    uint64_t h = hands[seat];
    int aces = 0;
    for (int suit = 0; suit < 4; suit++) aces += (int)(h >> (13 * suit + 12) & 1);
    int spades = count_cards(h & suit_mask(SPADES));
    return entry[2 + t->wish[aces][spades]];
}

static inline int partner_code(int bid) {
    return bid == NIL_CODE ? 1 : bid == BLIND_NIL_CODE ? 2 : 3 + bid;
}

/* Each seat's bid, from the dealer's left, as BotDeals bids. Under partner bidding (a
   `joint` table), the first of a side to bid asks its partner: when neither bids nil, the
   side makes one joint bid of the two (fitted to the joint choice), held by the first,
   its partner noted JOINT_CODE; otherwise the first bids alone and its partner in its
   turn. */
static void bid(Table *t, const uint64_t *hands, int blind_sides, int wants_blind) {
    int total = 0, left = t->players; /* seats still to bid */
    for (int s = 0; s < t->players; s++) t->by_seat[s] = NOT_YET;
    for (int step = 0; step < t->players; step++) {
        int seat = (t->dealer + 1 + step) % t->players;
        if (t->by_seat[seat] != NOT_YET) continue; /* its partner made their joint bid */
        int partner = t->partner[seat], made;
        if (t->joint && partner != seat && t->by_seat[partner] == NOT_YET) {
            made = seat_bid(t, hands, seat, 0, total, 0, blind_sides, wants_blind, 1);
            if (!is_nil_code(made)) {
                int theirs = seat_bid(t, hands, partner, partner_code(made), total, 0, 0, 0, 0);
                if (!is_nil_code(theirs)) {
                    int row = total < t->totals ? total : t->totals - 1;
                    made = fit(t->joint + ((size_t)row * 2 + (left == 2)) * CHOICE_BYTES,
                               made + theirs, 0);
                    t->by_seat[seat] = (uint8_t)made;
                    t->by_seat[partner] = JOINT_CODE;
                    total += made;
                    left -= 2;
                    continue;
                }
            }
        } else {
            int code = partner != seat && t->by_seat[partner] != NOT_YET
                           ? partner_code(t->by_seat[partner])
                           : 0;
            made = seat_bid(t, hands, seat, code, total, left == 1, blind_sides, wants_blind, 1);
        }
        t->by_seat[seat] = (uint8_t)made;
        if (!is_nil_code(made)) total += made;
        left--;
    }
}

/* Random legal cards (the k-th lowest legal card for a random k), trick by trick. */
static void play(Table *t, uint64_t *hands) {
    int players = t->players, leader = (t->dealer + 1) % players, broken = 0, n = 0;
    int revoked = 0;
    memset(t->taken, 0, sizeof t->taken);
    for (int trick = 0; trick < t->tricks; trick++) {
        int seat = leader, led = -1, best = -1, winner = leader;
        for (int i = 0; i < players; i++) {
            uint64_t legal = legal_cards(hands[seat], i == 0, led, broken, &revoked);
            int code = nth_card(legal, below(&t->rng, count_cards(legal)));
            hands[seat] &= ~((uint64_t)1 << code);
            t->plays[n++] = (uint8_t)code;
            int suit = suit_of(code);
            if (i == 0) {
                led = suit;
                best = code;
            } else if (takes(code, best)) {
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

/* The heuristic bot: scorepad.sim.heuristic.HeuristicBot, decision for decision, from
   what a player at the table sees (its own hand, the bids, the cards played, the tricks taken).
   The Python bot is the reference: tests/test_sim_kernel_bots.py holds this one to it,
   and the simulator replays a sample of the deals through it at run time. Its hand values
   are tables valuation.py fills, summed in valuation.py's order, so every estimate is the
   same double. */


static inline int highest_card(uint64_t m) { return 63 - __builtin_clzll(m); }
static inline int lowest_card(uint64_t m) { return __builtin_ctzll(m); }
static inline int rank_of(int code) { return code < 52 ? code % 13 : code - 39; } /* jokers 13, 14 */
/* The cards of a card's suit above it. */
static inline uint64_t above(int code) {
    return suit_mask(suit_of(code)) & ~(((uint64_t)2 << code) - 1);
}
/* Every suit's card of a rank. */
static inline uint64_t rank_mask(int rank) {
    return rank < 13 ? (uint64_t)0x8004002001ULL << rank : (uint64_t)1 << (rank + 39);
}

/* BidChoice.fit: the legal bid closest to the wish. */
static int fit(const uint8_t *choice, int tricks, int nil) {
    int low = choice[0], high = choice[1], must = choice[3];
    int refused = choice[4] == 255 ? -1 : choice[4];
    int nil_ok = choice[2] && refused != 0;
    if ((must && nil_ok) || (nil && nil_ok)) return NIL_CODE;
    if (refused < 0 && low <= tricks && tricks <= high) return tricks;
    int wanted = tricks < low ? low : tricks;
    if (wanted > high) wanted = high;
    if (wanted == refused) {
        wanted = wanted + 1 <= high ? wanted + 1 : wanted - 1;
        if (wanted < low) {
            if (nil_ok) return NIL_CODE;
            wanted = refused;
        }
    }
    return wanted;
}

static inline int capped_held(uint64_t spades) {
    int held = count_cards(spades);
    return (held > 3 ? 3 : held) << 7;
}

/* valuation.hand_tricks */
static double hand_tricks(const Table *t, uint64_t hand) {
    const double *v = t->values;
    uint64_t spades = hand >> 39, c = hand & 0x1FFF, d = hand >> 13 & 0x1FFF,
             h = hand >> 26 & 0x1FFF;
    int held = capped_held(spades);
    return v[V_SPADE_VALUE + spades] +
           v[V_SIDE_VALUE + (c >> 10 | count_cards(c) << 3 | held)] +
           v[V_SIDE_VALUE + (d >> 10 | count_cards(d) << 3 | held)] +
           v[V_SIDE_VALUE + (h >> 10 | count_cards(h) << 3 | held)];
}

static inline int side_risk_key(uint64_t bits) {
    return (int)(bits >> 8 | count_cards(bits & 0xFF) << 5);
}

/* valuation.nil_risk */
static double nil_risk(const Table *t, uint64_t hand) {
    const double *v = t->values;
    uint64_t spades = hand >> 39;
    int spade_key = (int)((spades >> 7 & 3) | count_cards(spades >> 9) << 2 |
                          count_cards(spades) << 5);
    return v[V_SPADE_RISK + spade_key] + v[V_SIDE_RISK + side_risk_key(hand & 0x1FFF)] +
           v[V_SIDE_RISK + side_risk_key(hand >> 13 & 0x1FFF)] +
           v[V_SIDE_RISK + side_risk_key(hand >> 26 & 0x1FFF)];
}

/* valuation.nil_chance, with the deck's highest card `top` */
static double nil_chance(const Table *t, uint64_t hand) {
    if (hand >> t->top & 1) return 0.0;
    const double *v = t->values;
    double chance = 0.73 + v[V_SPADE_NIL + (hand >> 39)] + v[V_SIDE_NIL + (hand & 0x1FFF)] +
                    v[V_SIDE_NIL + (hand >> 13 & 0x1FFF)] + v[V_SIDE_NIL + (hand >> 26 & 0x1FFF)];
    chance = chance > 0.0 ? chance : 0.0;
    return chance < 1.0 ? chance : 1.0;
}

/* valuation.suicide_tricks */
static double suicide_tricks(const Table *t, uint64_t hand) {
    const double *v = t->values;
    return 0.22 + v[V_SUICIDE_SPADES + (hand >> 39)] +
           v[V_SUICIDE_SIDE + (hand & 0x1FFF)] + v[V_SUICIDE_SIDE + (hand >> 13 & 0x1FFF)] +
           v[V_SUICIDE_SIDE + (hand >> 26 & 0x1FFF)];
}

/* Python's round(): to the nearest integer, a half to the even one. */
static inline int round_even(double x) { return (int)nearbyint(x); }

/* HeuristicBot.bid */
static int heuristic_bid(const Table *t, int seat, uint64_t hand, const uint8_t *choice) {
    if (choice[3]) return fit(choice, 0, 1);
    int tricks = t->tricks, partner = t->partner[seat];
    double share = (double)tricks / t->players;
    double estimate = share + (hand_tricks(t, hand) - t->average) * tricks / 13;
    int partner_nil = partner != seat && is_nil_code(t->by_seat[partner]);
    int nil_ok = choice[2] && t->nil_rule;
    if (nil_ok && !partner_nil && estimate < share + 0.5 &&
        nil_risk(t, hand) < (tricks <= 13 ? 0.5 : 0.1))
        return fit(choice, 0, 1);
    if (t->suicide && nil_ok && (partner == seat || t->by_seat[partner] == NOT_YET)) {
        double chance = nil_chance(t, hand);
        if (chance > t->median + 0.03 && estimate < share + 1.5) return fit(choice, 0, 1);
    }
    if (t->suicide) {
        if (tricks == 13) return fit(choice, round_even(suicide_tricks(t, hand) - 1.4), 0);
        double expected = (double)tricks / t->sides - 0.7 + (estimate - share);
        return fit(choice, round_even(expected - 2.0), 0);
    }
    if (partner_nil) estimate += 1.0;
    return fit(choice, round_even(estimate - 0.2), 0);
}

/* The public state of the deal in play (seen.Seen's part the bot reads). */
typedef struct {
    uint64_t unplayed; /* the cards not played yet, every hand's */
    int side_taken[MAX_PLAYERS], contract[MAX_PLAYERS]; /* by side; non-nil bidders' */
    int nil[MAX_PLAYERS], nil_bid;
    int seats[MAX_PLAYERS], count; /* the trick's seats from its leader; cards so far */
    int led, best, winner, tricks_left;
} View;

/* The cards of `legal` that would beat `best` (the Python bot's `legal & BEATS[best]`,
   BEATS from scorepad/engine/play.py). */
static inline uint64_t beaters(uint64_t legal, int best, int led) {
    uint64_t higher = legal & above(best);
    if (best >= SPADE_LOW || (legal & suit_mask(led))) return higher;
    return higher | (legal & SPADE_MASK);
}

static int lowest_by_rank(uint64_t m) {
    uint64_t ranks = ((m | m >> 13 | m >> 26) & 0x1FFF) | m >> 39;
    return lowest_card(m & rank_mask(lowest_card(ranks)));
}

static int highest_by_rank(uint64_t m) {
    uint64_t ranks = ((m | m >> 13 | m >> 26) & 0x1FFF) | m >> 39;
    return lowest_card(m & rank_mask(highest_card(ranks)));
}

/* One more than the highest code of a card's suit (cardpicks.SUIT_END). */
static inline int suit_end(int code) { return suit_of(code) == SPADES ? 54 : 13 * (suit_of(code) + 1); }

/* cardpicks.discard_low: the lowest side-suit card, else the lowest spade. */
static int discard_low(uint64_t legal) {
    uint64_t m = legal & NON_SPADES;
    if (!m) m = legal;
    int code = lowest_card(m);
#if SCOREPAD_KERNEL_MUTATE == 5
    if (!(m >> suit_end(code))) return highest_card(m); /* the highest instead */
#endif
    if (!(m >> suit_end(code))) return code;
    uint64_t ranks = (m | m >> 13 | m >> 26) & 0x1FFF;
    return lowest_card(m & rank_mask(lowest_card(ranks)));
}

/* cardpicks.most_exposed */
static int most_exposed(uint64_t cards, uint64_t hand) {
    int best = -1, best_danger = -99;
    while (cards) {
        uint64_t low = cards & (~cards + 1);
        cards ^= low;
        int code = lowest_card(low);
        int below = count_cards(hand & suit_mask(suit_of(code)) & (low - 1));
        int danger = rank_of(code) - 2 * below;
        if (danger > best_danger) best = code, best_danger = danger;
    }
    return best;
}

/* cardpicks.strongest_lead */
static int strongest_lead(uint64_t legal, uint64_t hand, uint64_t unplayed) {
    uint64_t unseen = unplayed ^ hand;
    int best = -1, best_rank = 0, best_side = 1;
    double best_above = 2.0;
    for (int suit = 0; suit < 4; suit++) {
        uint64_t cards = legal & suit_mask(suit);
        if (!cards) continue;
        int code = highest_card(cards);
        uint64_t out = unseen & suit_mask(suit);
        int n = count_cards(out);
        double share = (double)count_cards(above(code) & out) / (n ? n : 1);
        int rank = -rank_of(code), side = suit != SPADES;
        if (share < best_above ||
            (share == best_above && (rank < best_rank || (rank == best_rank && side < best_side))))
            best = code, best_above = share, best_rank = rank, best_side = side;
    }
    return best;
}

static inline int is_master(int code, uint64_t hand, uint64_t unplayed) {
    return !(above(code) & (unplayed ^ hand));
}

/* HeuristicBot._can_set */
static int can_set(const Table *t, const View *v, int side) {
    if (t->suicide) return 0;
    for (int other = 0; other < t->sides; other++) {
        int contract = v->contract[other];
        if (other == side || !contract) continue;
        int missing = contract - v->side_taken[other];
        if (missing > 0 && v->tricks_left - missing <= 2) return 1;
    }
    return 0;
}

/* HeuristicBot._duck */
static int duck(const Table *t, const View *v, uint64_t legal, uint64_t hand) {
    if (!v->count) return discard_low(legal);
    uint64_t losing = legal & ~beaters(legal, v->best, v->led);
    if (losing) {
        uint64_t spades = losing & SPADE_MASK;
        if (spades) return highest_card(spades);
        uint64_t side = losing & NON_SPADES, following = side & suit_mask(v->led);
        return following ? highest_card(following) : most_exposed(side, hand);
    }
    if (v->count == t->players - 1) return highest_by_rank(legal);
    return lowest_by_rank(legal);
}

/* HeuristicBot._winning_lead */
static int winning_lead(uint64_t legal, uint64_t hand, uint64_t unplayed) {
    uint64_t unseen = unplayed ^ hand;
    int best = -1, best_rank = -1;
    for (int suit = 0; suit < SPADES; suit++) {
        uint64_t m = suit_mask(suit), cards = legal & m;
        if (cards && (unseen & m) < cards) {
            int code = highest_card(cards);
            if (rank_of(code) > best_rank) best = code, best_rank = rank_of(code);
        }
    }
    if (best >= 0) return best;
    uint64_t spades = legal & SPADE_MASK;
    if (spades && (unseen & SPADE_MASK) < spades) return highest_card(spades);
    return discard_low(legal);
}

/* HeuristicBot._cover: the partner bid nil. */
static int cover(const Table *t, const View *v, int seat, int partner, uint64_t legal,
                 uint64_t hand) {
    uint64_t unplayed = v->unplayed;
    if (!v->count) {
        uint64_t safe = 0;
        for (int suit = 0; suit < 4; suit++)
            if (t->voids[seat][partner] >> suit & 1) safe |= suit_mask(suit);
        if (legal & safe) {
            int side = t->side_of[seat];
            if (v->side_taken[side] >= v->contract[side]) return lowest_by_rank(legal & safe);
            return strongest_lead(legal & safe, hand, unplayed);
        }
        uint64_t spades = legal & SPADE_MASK;
        if (spades && is_master(highest_card(spades), hand, unplayed)) return highest_card(spades);
        return strongest_lead(legal, hand, unplayed);
    }
    for (int i = 0; i < v->count; i++)
        if (v->seats[i] == partner) {
            if (v->winner == partner) {
                uint64_t beating = beaters(legal, v->best, v->led);
                return beating ? lowest_card(beating) : lowest_by_rank(legal);
            }
            return duck(t, v, legal, hand);
        }
    int best = v->best;
    uint64_t beating = beaters(legal, best, v->led);
    if ((suit_of(best) == v->led || suit_of(best) == SPADES) && is_master(best, hand, unplayed)) {
        uint64_t under = legal & ~beating;
        return lowest_by_rank(under ? under : legal);
    }
    if (!beating) return lowest_by_rank(legal);
    uint64_t unseen = unplayed ^ hand;
    for (uint64_t rest = beating; rest; rest &= rest - 1) {
        int code = lowest_card(rest);
        if (!(above(code) & unseen)) return code;
    }
    return highest_card(beating);
}

/* HeuristicBot._nil_deal_play: the card, or -1: take the trick. */
static int nil_deal_play(const Table *t, const View *v, int seat, int partner, uint64_t legal,
                         uint64_t hand) {
    int side = t->side_of[seat];
    if (v->nil[seat]) {
        if (t->taken[seat] == 0 || !can_set(t, v, side)) return duck(t, v, legal, hand);
        return -1;
    }
    if (v->nil[partner] && partner != seat && t->taken[partner] == 0)
        return cover(t, v, seat, partner, legal, hand);
    int need = v->contract[side] - v->side_taken[side];
    int opponent_nil = 0; /* an opponent's nil still stands */
    for (int other = 0; other < t->players; other++)
        if (t->side_of[other] != side && v->nil[other] && t->taken[other] == 0) opponent_nil = 1;
    if (opponent_nil && need < v->tricks_left - 1 && !t->suicide) {
        /* HeuristicBot._press_nil */
        if (!v->count) return discard_low(legal);
        int w = v->winner;
        if (v->nil[w] && t->side_of[w] != side) return duck(t, v, legal, hand);
        return lowest_by_rank(legal);
    }
    if (need <= 0 && !can_set(t, v, side)) return duck(t, v, legal, hand);
    return -1;
}

/* HeuristicBot.play: the card of `legal` (more than one) to play. */
static int heuristic_play(const Table *t, const View *v, int seat, uint64_t hand,
                          uint64_t legal) {
    int partner = t->partner[seat], side = t->side_of[seat];
    if (v->nil_bid) {
        int code = nil_deal_play(t, v, seat, partner, legal, hand);
        if (code >= 0) return code;
    } else if (v->contract[side] <= v->side_taken[side] && !can_set(t, v, side)) {
        return duck(t, v, legal, hand); /* the contract is in: save bags */
    }
    uint64_t unplayed = v->unplayed;
    if (!v->count) return winning_lead(legal, hand, unplayed);
    int best = v->best, last = v->count == t->players - 1;
    if (v->winner == partner && partner != seat && !v->nil[partner] &&
        (last || !(above(best) & (unplayed ^ hand))))
        return discard_low(legal);
    int led = v->led;
    uint64_t beats = above(best) | (suit_of(best) != SPADES ? SPADE_MASK : 0);
    uint64_t beating = legal & beats;
    if (!beating) return discard_low(legal);
    int low = lowest_card(beating);
    if (last) return low;
    int top = highest_card(beating);
    if (suit_of(top) == led && !(above(top) & (unplayed ^ hand))) return top;
    if (low >= SPADE_LOW && led != SPADES) return low;
    if (v->count == 1 && t->players == 4) return discard_low(legal); /* second hand low */
    return top;
}

/* Note, for each seat asked to choose in the trick (a bit per seat), the suits its
   players showed out of (the Python bot notes them lazily: the same facts when read). */
static void note_voids(Table *t, const View *v, const uint8_t *cards, int asked) {
    uint8_t shown[MAX_PLAYERS] = {0};
    int any = 0;
    for (int i = 1; i < t->players; i++)
        if (suit_of(cards[i]) != v->led) shown[v->seats[i]] |= (uint8_t)(1 << v->led), any = 1;
    if (!any) return;
    for (int seat = 0; seat < t->players; seat++)
        if (asked >> seat & 1)
            for (int who = 0; who < t->players; who++) t->voids[seat][who] |= shown[who];
}

/* The deal played by heuristic bots, trick by trick. */
static void play_bots(Table *t, uint64_t *hands) {
    int players = t->players, leader = (t->dealer + 1) % players, broken = 0, n = 0;
    int revoked = 0;
    View v;
    memset(&v, 0, sizeof v);
    memset(t->taken, 0, sizeof t->taken);
    forget_bots(t); /* a bot's notes are of this deal (HeuristicBot keeps them by Seen.deals) */
    for (int i = 0; i < t->deck_size; i++) /* the discards too: nobody sees them played */
        v.unplayed |= (uint64_t)1 << t->deck[i];
    for (int seat = 0; seat < players; seat++) {
        int code = t->by_seat[seat];
        v.nil[seat] = is_nil_code(code);
        if (v.nil[seat]) v.nil_bid = 1;
        else if (code != JOINT_CODE) v.contract[t->side_of[seat]] += code;
    }
    for (int trick = 0; trick < t->tricks; trick++) {
        int asked = 0;
        uint8_t *cards = t->plays + n;
        v.tricks_left = t->tricks - trick;
        v.count = 0;
        for (int i = 0; i < players; i++) v.seats[i] = (leader + i) % players;
        for (int i = 0; i < players; i++) {
            int seat = v.seats[i];
            uint64_t hand = hands[seat];
            uint64_t legal = legal_cards(hand, i == 0, v.led, broken, &revoked);
            int code;
            if (legal & (legal - 1)) {
                asked |= 1 << seat;
                code = heuristic_play(t, &v, seat, hand, legal);
            } else
                code = lowest_card(legal);
            uint64_t bit = (uint64_t)1 << code;
            hands[seat] &= ~bit;
            v.unplayed &= ~bit;
            t->plays[n++] = (uint8_t)code;
            if (i == 0) {
                v.led = suit_of(code);
                v.best = code;
                v.winner = seat;
            } else if (takes(code, v.best)) {
                v.best = code;
                v.winner = seat;
            }
            if (suit_of(code) == SPADES) broken = 1;
            v.count = i + 1;
        }
        if (asked) note_voids(t, &v, cards, asked);
        int winner = v.winner;
        t->winners[trick] = (uint8_t)winner;
        t->taken[winner]++;
        if (!v.nil[winner]) v.side_taken[t->side_of[winner]]++;
        leader = winner;
    }
}

/* `count` cards of a hand by a bot: a random bot's random ones (random_cards in
   bots.py: a number drawn for each, even the last), a heuristic bot's highest (the nil
   bidder) or lowest by rank, spades above other suits of a rank (HeuristicBot.exchange);
   in the order the Python bot lists them. */
static uint64_t pass_cards(Table *t, uint64_t hand, int count, int nil_bidder, uint8_t *out) {
    uint64_t given = 0;
    if (!t->heuristic) {
        for (int i = 0; i < count; i++) {
            uint64_t rest = hand & ~given;
            int code = nth_card(rest, (int)(uniform(&t->rng) * count_cards(rest)));
            out[i] = (uint8_t)code;
            given |= (uint64_t)1 << code;
        }
        return given;
    }
    int ranked[MAX_TRICKS + MAX_EXCHANGE], n = 0;
    for (uint64_t rest = hand; rest; rest &= rest - 1) {
        int code = __builtin_ctzll(rest), key = rank_of(code) * 128 + (suit_of(code) == SPADES) * 64 + code;
        int j = n++;
        for (; j > 0 && ranked[j - 1] > key; j--) ranked[j] = ranked[j - 1];
        ranked[j] = key;
    }
    int start = nil_bidder ? n - count : 0;
    for (int i = 0; i < count; i++) {
        int code = ranked[start + i] % 64;
        out[i] = (uint8_t)code;
        given |= (uint64_t)1 << code;
    }
    return given;
}

/* The dealer's discard of the extra cards (jokers games), before the bids: a random
   bot's random cards, a heuristic bot's as HeuristicBot.discard: the lowest side cards
   below the king, shortest suits first, then the lowest cards. */
static void discard(Table *t, uint64_t *hands) {
    int count = t->discards, chosen = 0;
    uint64_t hand = hands[t->dealer], thrown = 0;
    if (!t->heuristic)
        thrown = pass_cards(t, hand, count, 0, t->discarded);
    else {
        int suits[3] = {0, 1, 2};
        for (int i = 1; i < 3; i++) /* by length, then suit */
            for (int j = i; j > 0 && count_cards(hand & suit_mask(suits[j - 1])) >
                                          count_cards(hand & suit_mask(suits[j]));
                 j--) {
                int swap = suits[j];
                suits[j] = suits[j - 1];
                suits[j - 1] = swap;
            }
        for (int i = 0; i < 3; i++)
            for (uint64_t rest = hand & suit_mask(suits[i]); rest && chosen < count; rest &= rest - 1)
                if (rank_of(__builtin_ctzll(rest)) < 11) { /* below the king */
                    t->discarded[chosen++] = (uint8_t)__builtin_ctzll(rest);
                    thrown |= rest & (~rest + 1);
                }
        for (uint64_t rest = hand & ~thrown; rest && chosen < count; rest &= rest - 1) {
            t->discarded[chosen++] = (uint8_t)__builtin_ctzll(rest);
            thrown |= rest & (~rest + 1);
        }
    }
    hands[t->dealer] &= ~thrown;
}

/* Blind nil's exchange, after the bids (BotDeals._exchange): each blind nil bidder, in
   bidding order, passes its partner cards, which passes as many back. */
static void exchange(Table *t, uint64_t *hands) {
    int count = t->exchange;
    t->exchanges = 0;
    for (int step = 0; step < t->players; step++) {
        int seat = (t->dealer + 1 + step) % t->players, partner = t->partner[seat];
        if (t->by_seat[seat] != BLIND_NIL_CODE || partner == seat) continue;
        uint8_t *there = t->exchanged[t->exchanges++], *back = t->exchanged[t->exchanges++];
        uint64_t given = pass_cards(t, hands[seat], count, 1, there + 2);
        hands[seat] &= ~given;
        hands[partner] |= given;
        uint64_t returned = pass_cards(t, hands[partner], count, 0, back + 2);
        hands[partner] &= ~returned;
        hands[seat] |= returned;
        there[0] = back[1] = (uint8_t)seat;
        there[1] = back[0] = (uint8_t)partner;
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
        for (int k = 0; k < tricks + (seat == t->dealer ? t->discards : 0); k++) {
            int c = t->dealt[seat][k];
            if (owner[c] != -1) bad |= BAD_DEAL;
            owner[c] = seat;
            count[seat][suit_of(c)]++;
        }
    for (int k = 0; k < t->discards; k++) { /* the dealer's discards leave the game */
        int c = t->discarded[k];
        if (owner[c] != t->dealer) bad |= BAD_DEAL;
        owner[c] = -2;
        count[t->dealer][suit_of(c)]--;
    }
    for (int i = 0; i < t->deck_size; i++)
        if (owner[t->deck[i]] == -1) bad |= BAD_DEAL;
    for (int e = 0; e < t->exchanges; e++) { /* the cards passed change hands */
        const uint8_t *pass = t->exchanged[e];
        for (int k = 0; k < t->exchange; k++) {
            int c = pass[2 + k];
            if (owner[c] != pass[0]) bad |= BAD_DEAL;
            owner[c] = pass[1];
            count[pass[0]][suit_of(c)]--;
            count[pass[1]][suit_of(c)]++;
        }
    }
    int leader = (t->dealer + 1) % players, broken = 0;
    for (int trick = 0; trick < tricks; trick++) {
        const uint8_t *cards = t->plays + trick * players;
        int led = suit_of(cards[0]), winner = -1, strongest = -1;
        for (int i = 0; i < players; i++) {
            int who = (leader + i) % players, c = cards[i], suit = suit_of(c);
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
            int strength = (suit == led) * 100 + rank_of(c);
#else
            int strength = (suit == SPADES) * 200 + (suit == led) * 100 + rank_of(c);
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

/* Each side's key in the scorer's memo (kept in Python): its seats' bids and tricks as
   the digits of a number in radix (tricks + 3) * (tricks + 1), in ascending order
   whatever seat holds which (partners who swap their bids and tricks score the same). A
   seat's digit is its bid's digit (the number, tricks + 1 for nil, tricks + 2 for blind
   nil, 0 for a seat whose partner made their joint bid: the kernel makes joint bids only
   where 0 is no bid) times (tricks + 1), plus the tricks it took. */
static PyObject *side_places(Table *self) {
    long long place[MAX_PLAYERS] = {0}, digits[MAX_PLAYERS][MAX_PLAYERS];
    int sides = 0, tricks = self->tricks, held[MAX_PLAYERS] = {0};
    long long radix_tricks = tricks + 1, radix = (tricks + 3) * radix_tricks;
    for (int seat = 0; seat < self->players; seat++) {
        int code = self->by_seat[seat];
        int digit = code == NIL_CODE         ? tricks + 1
                    : code == BLIND_NIL_CODE ? tricks + 2
                    : code == JOINT_CODE     ? 0
                                             : code;
        int side = self->side_of[seat], at = held[side]++;
#if SCOREPAD_KERNEL_MUTATE == 4
        long long value = digit * radix_tricks + self->taken[seat] % 7;
#else
        long long value = digit * radix_tricks + self->taken[seat];
#endif
        for (; at > 0 && digits[side][at - 1] > value; at--) digits[side][at] = digits[side][at - 1];
        digits[side][at] = value;
        if (side >= sides) sides = side + 1;
    }
    for (int side = 0; side < sides; side++)
        for (int i = 0; i < held[side]; i++) place[side] = place[side] * radix + digits[side][i];
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
static PyObject *table_deal(Table *self, PyObject *const *args, Py_ssize_t nargs) {
    /* Called once a deal: its arguments read without a format string (METH_FASTCALL). */
    if (nargs < 2 || nargs > 3) {
        PyErr_SetString(PyExc_TypeError, "deal(dealer, blind_sides[, scores])");
        return NULL;
    }
    long dealer_number = PyLong_AsLong(args[0]);
    if (dealer_number == -1 && PyErr_Occurred()) return NULL;
    long blind_number = PyLong_AsLong(args[1]);
    if (blind_number == -1 && PyErr_Occurred()) return NULL;
    if (blind_number < INT_MIN || blind_number > INT_MAX) {
        PyErr_SetString(PyExc_OverflowError, "blind_sides out of range");
        return NULL;
    }
    PyObject *scores = nargs > 2 ? args[2] : NULL;
    if (dealer_number < 0 || dealer_number >= self->players) {
        PyErr_SetString(PyExc_ValueError, "dealer out of range");
        return NULL;
    }
    int dealer = (int)dealer_number, blind_sides = (int)blind_number, wants_blind = 0;
    if (self->heuristic && blind_sides) {
        /* HeuristicBot.wants_blind_nil, by the scores: 200 behind the best other side,
           which is within 200 of the target. */
        long points[MAX_PLAYERS];
        if (!scores || PySequence_Length(scores) != self->sides) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "blind nil for heuristic bots needs the scores");
            return NULL;
        }
        for (int side = 0; side < self->sides; side++) {
            PyObject *item = PySequence_GetItem(scores, side);
            points[side] = item ? PyLong_AsLong(item) : -1;
            Py_XDECREF(item);
            if (PyErr_Occurred()) return NULL;
        }
        for (int side = 0; side < self->sides; side++) {
            long leader = LONG_MIN;
            for (int other = 0; other < self->sides; other++)
                if (other != side && points[other] > leader) leader = points[other];
            if (leader - points[side] >= 200 && leader >= self->target - 200)
                wants_blind |= 1 << side;
        }
    }
    uint64_t hands[MAX_PLAYERS];
    self->dealer = dealer;
    self->exchanges = 0;
    for (self->redeals = 0;; self->redeals++) {
        shuffle_and_deal(self, hands);
        if (!self->redeal || self->redeals >= MAX_REDEALS) break;
        int spadeless = 0;
        for (int seat = 0; seat < self->players; seat++)
            if (!(hands[seat] & SPADE_MASK)) spadeless = 1;
        if (!spadeless) break;
    }
    if (self->discards) discard(self, hands);
    bid(self, hands, blind_sides, wants_blind);
    if (self->exchange) exchange(self, hands);
    if (self->heuristic)
        play_bots(self, hands);
    else
        play(self, hands);
    int bad = check_deal(self);
    uint8_t taken[MAX_PLAYERS];
    for (int i = 0; i < self->players; i++) taken[i] = (uint8_t)self->taken[i];
    PyObject *bids = small_tuple(self->by_seat, self->players);
    PyObject *took = small_tuple(taken, self->players);
    PyObject *places = side_places(self);
    PyObject *problems = PyLong_FromLong(bad);
    PyObject *out = bids && took && places && problems ? PyTuple_New(4) : NULL;
    if (!out) {
        Py_XDECREF(bids);
        Py_XDECREF(took);
        Py_XDECREF(places);
        Py_XDECREF(problems);
        return NULL;
    }
    PyTuple_SET_ITEM(out, 0, bids);
    PyTuple_SET_ITEM(out, 1, took);
    PyTuple_SET_ITEM(out, 2, problems);
    PyTuple_SET_ITEM(out, 3, places);
    return out;
}

/* record() -> (hands as dealt by seat, plays in order, trick winners) of the last deal. */
static PyObject *table_record(Table *self, PyObject *Py_UNUSED(ignored)) {
    PyObject *hands = PyList_New(self->players);
    if (!hands) return NULL;
    for (int seat = 0; seat < self->players; seat++) {
        int held = self->tricks + (seat == self->dealer ? self->discards : 0);
        PyObject *hand = PyList_New(held);
        if (!hand) {
            Py_DECREF(hands);
            return NULL;
        }
        for (int k = 0; k < held; k++)
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

static int read_bytes(PyObject *seq, uint8_t *out, int n, const char *what) {
    if (PySequence_Length(seq) != n) {
        if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "%s needs %d numbers", what, n);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        PyObject *item = PySequence_GetItem(seq, i);
        long value = item ? PyLong_AsLong(item) : -1;
        Py_XDECREF(item);
        if (value == -1 && PyErr_Occurred()) return -1;
        if (value < 0 || value > 255) {
            PyErr_Format(PyExc_ValueError, "%s: %ld is out of range", what, value);
            return -1;
        }
        out[i] = (uint8_t)value;
    }
    return 0;
}

/* choose(seat, hand, legal, unplayed, trick, leader, bids, taken, voids) -> the card the
   heuristic bot plays in this position: its hand and legal cards (masks), the cards not
   played yet (every hand's), the trick so far (codes from its leader), the bids and
   tricks by seat, and the suits (a bit each) this seat has seen each seat show out of. */
static PyObject *table_choose(Table *self, PyObject *args) {
    int seat, leader;
    unsigned long long hand, legal, unplayed;
    PyObject *trick, *bids, *taken, *voids;
    if (!PyArg_ParseTuple(args, "iKKKOiOOO", &seat, &hand, &legal, &unplayed, &trick, &leader,
                          &bids, &taken, &voids))
        return NULL;
    int players = self->players;
    Py_ssize_t count = PySequence_Length(trick);
    if (count < 0) return NULL;
    if (!self->heuristic || seat < 0 || seat >= players || leader < 0 || leader >= players ||
        count >= players || !legal || (legal & ~hand) || (hand & ~unplayed) ||
        (seat - leader + players) % players != count) {
        PyErr_SetString(PyExc_ValueError, "not a position of a heuristic table: seat, leader,"
                                          " trick or cards out of range");
        return NULL;
    }
    uint8_t cards[MAX_PLAYERS], by_seat[MAX_PLAYERS], took[MAX_PLAYERS], seen[MAX_PLAYERS];
    if (read_bytes(trick, cards, (int)count, "trick") || read_bytes(bids, by_seat, players, "bids") ||
        read_bytes(taken, took, players, "taken") || read_bytes(voids, seen, players, "voids"))
        return NULL;
    View v;
    memset(&v, 0, sizeof v);
    v.unplayed = unplayed;
    int played = 0;
    for (int s = 0; s < players; s++) {
        self->by_seat[s] = by_seat[s];
        self->taken[s] = took[s];
        self->voids[seat][s] = seen[s];
        played += took[s];
        v.nil[s] = is_nil_code(by_seat[s]);
        if (v.nil[s]) v.nil_bid = 1;
        else if (by_seat[s] != JOINT_CODE) v.contract[self->side_of[s]] += by_seat[s];
    }
    for (int s = 0; s < players; s++)
        if (!v.nil[s]) v.side_taken[self->side_of[s]] += took[s];
    v.tricks_left = self->tricks - played;
    for (int i = 0; i < players; i++) v.seats[i] = (leader + i) % players;
    v.count = (int)count;
    for (int i = 0; i < count; i++) {
        int code = cards[i];
        if (code >= MAX_CARDS) {
            PyErr_SetString(PyExc_ValueError, "trick: a card code above 51");
            return NULL;
        }
        if (i == 0) v.led = suit_of(code), v.best = code, v.winner = v.seats[0];
        else if (takes(code, v.best)) v.best = code, v.winner = v.seats[i];
    }
    return PyLong_FromLong(heuristic_play(self, &v, seat, hand, legal));
}

/* extras() -> (redeals, exchanges, discards) of the last deal: how many times it was
   dealt again (a hand without spades), blind nil's passes as (from, to, [cards]), and the
   dealer's discards. */
static PyObject *table_extras(Table *self, PyObject *Py_UNUSED(ignored)) {
    PyObject *passes = PyList_New(self->exchanges);
    if (!passes) return NULL;
    for (int e = 0; e < self->exchanges; e++) {
        const uint8_t *pass = self->exchanged[e];
        PyObject *cards = PyList_New(self->exchange);
        if (!cards) {
            Py_DECREF(passes);
            return NULL;
        }
        for (int k = 0; k < self->exchange; k++)
            PyList_SET_ITEM(cards, k, PyLong_FromLong(pass[2 + k]));
        PyList_SET_ITEM(passes, e, Py_BuildValue("(iiN)", pass[0], pass[1], cards));
    }
    PyObject *thrown = small_tuple(self->discarded, self->discards);
    if (!thrown) {
        Py_DECREF(passes);
        return NULL;
    }
    return Py_BuildValue("(iNN)", self->redeals, passes, thrown);
}

static PyMethodDef table_methods[] = {
    {"seed", (PyCFunction)table_seed, METH_O, "seed(n): start the random stream of a game."},
    {"below", (PyCFunction)table_below, METH_O, "below(n): a random number 0..n-1."},
    {"deal", (PyCFunction)(void (*)(void))table_deal, METH_FASTCALL,
     "deal(dealer, blind_sides[, scores]) -> (bids by seat, tricks by seat, problems, side places)."},
    {"choose", (PyCFunction)table_choose, METH_VARARGS,
     "choose(seat, hand, legal, unplayed, trick, leader, bids, taken, voids) -> the heuristic"
     " bot's card in that position."},
    {"extras", (PyCFunction)table_extras, METH_NOARGS,
     "extras() -> (redeals, exchanges as (from, to, cards), discards) of the last deal."},
    {"record", (PyCFunction)table_record, METH_NOARGS,
     "record() -> (hands as dealt, plays, trick winners) of the last deal."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "scorepad.sim._kernel.Table",
    .tp_basicsize = sizeof(Table),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A table of random or heuristic bots under one set of rules.",
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
    twister_seed_word(&seeded_with_word, 19650218U);
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
