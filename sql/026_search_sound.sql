-- Sound-alike spellings for typo correction (issue 22): people who do not know how a word is
-- written spell it as it sounds ("copyrite", "fotografer", "sertified", "sycologist"), two or
-- three edits from the word and far from it in trigrams, so the trigram neighbours that
-- src/search/lexicon.ts asks for never offer it. search_sound() folds spellings of one sound that
-- English and the loanwords of other languages share: a silent first letter (ps, kn, wr),
-- ight/ite, ph/f, tion/sion, ck/c/q/k, c before e, i, y as s, x/ks, z/s, y/i, h, doubled letters
-- and a final silent e. A known word with the same key as an unknown query word is offered beside
-- the trigram neighbours and counted as one edit.
create function search_sound(word text) returns text language sql immutable parallel safe as $$
  select regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
         regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
         regexp_replace(regexp_replace(regexp_replace(lower(word),
           '^(p(?=s)|k(?=n)|w(?=r))', ''),
           'ight', 'ite', 'g'),
           'ph', 'f', 'g'),
           'tion', 'sion', 'g'),
           'ck', 'k', 'g'),
           'c([eiy])', 's\1', 'g'),
           '[cq]', 'k', 'g'),
           'x', 'ks', 'g'),
           'z', 's', 'g'),
           'y', 'i', 'g'),
           'h', '', 'g'),
           '(.)\1+', '\1', 'g'),
           '^(.{3,})e$', '\1')
$$;
create index search_lexicon_sound on search_lexicon (search_sound(word));
