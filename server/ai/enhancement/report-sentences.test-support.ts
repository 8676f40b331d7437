/*
 * More dictated report sentences, grouped by the ways a rule-based cleaner goes wrong:
 * words that are fillers in one slot and meaning in another. About half are clean: they
 * use the same words meaningfully and must come back unchanged but for casing and a full
 * stop. The engine's rules were written against these; the sentences it was not tuned on
 * are in report-sentences-held-out.test-support.ts.
 */
import { spokenCase as c, type EnhancementCase } from './quality.test-support';

export const REPORT_SENTENCES: EnhancementCase[] = [
  // "you know" as a filler, and "you know" with an object: "you know Fatima best"
  c(
    'You know Fatima best, so do tell us if she seems worried at home.',
    'You know Fatima best, so do tell us if she seems worried at home.',
    [],
    ['you', 'know', 'so'],
  ),
  c(
    'you know him better than anyone so any ideas about what motivates Kofi are welcome',
    'You know him better than anyone so any ideas about what motivates Kofi are welcome.',
    [],
    ['you', 'know', 'so'],
  ),
  c(
    'you know how Aarav gets before a test so we have been practising some breathing exercises',
    'You know how Aarav gets before a test so we have been practising some breathing exercises.',
    [],
    ['you', 'know', 'so'],
  ),
  c(
    'You know Siobhan better than we do, so please tell us what works at home.',
    'You know Siobhan better than we do, so please tell us what works at home.',
    [],
    ['you', 'know', 'so'],
  ),
  c(
    'um you know Yusuf best so do let me know what you think',
    'You know Yusuf best so do let me know what you think.',
    ['um'],
    ['you', 'know', 'so'],
  ),
  c(
    'You know, Mei has really grown in confidence since Christmas.',
    'Mei has really grown in confidence since Christmas.',
    ['you', 'know'],
  ),
  c('his spelling is you know much more accurate now', 'His spelling is much more accurate now.', [
    'you',
    'know',
  ]),
  c(
    'You know your daughter best, and we would really value your view on the move to set two.',
    'You know your daughter best, and we would really value your view on the move to set two.',
    [],
    ['you', 'know'],
  ),
  c(
    "You know them better than anyone, so you'll know how much the twins have grown.",
    "You know them better than anyone, so you'll know how much the twins have grown.",
    [],
    ['you', 'know', 'so'],
  ),
  c(
    'Chidi, you know, has been a real leader in the group project.',
    'Chidi has been a real leader in the group project.',
    ['you', 'know'],
  ),
  c(
    'you know Hana best of course, and her teachers all agree she is thriving',
    'You know Hana best of course, and her teachers all agree she is thriving.',
    [],
    ['you', 'know'],
  ),

  // Units and measures after a number: "mm" is a millimetre there, not a hum
  c(
    'In DT Tomasz cut the dowel to 45 mm exactly.',
    'In DT Tomasz cut the dowel to 45 mm exactly.',
    [],
    ['mm'],
  ),
  c(
    'um the bracket he made was 45 mm too short so he made another one',
    'The bracket he made was 45 mm too short so he made another one.',
    ['um'],
    ['mm', 'so'],
  ),
  c(
    'Chloe jumped 3 m in the standing long jump, her personal best.',
    'Chloe jumped 3 m in the standing long jump, her personal best.',
  ),
  c(
    'The homework should take about 2 h across the week.',
    'The homework should take about 2 h across the week.',
  ),
  c(
    'Mm, Zofia measured the leaf as 38 mm long, which was spot on.',
    'Zofia measured the leaf as 38 mm long, which was spot on.',
    ['mm'],
    ['mm'],
  ),
  c(
    'he spent um 2 h on his history project over the weekend',
    'He spent 2 h on his history project over the weekend.',
    ['um'],
  ),
  c(
    'Her rain gauge collected 8 mm of water on Monday.',
    'Her rain gauge collected 8 mm of water on Monday.',
    [],
    ['mm'],
  ),
  c(
    'In PE Amir threw the javelin 12 m, which is a school record for year 8.',
    'In PE Amir threw the javelin 12 m, which is a school record for year 8.',
  ),
  c(
    'the line should be 120 mm er rather than 12 cm',
    'The line should be 120 mm rather than 12 cm.',
    ['er'],
    ['mm'],
  ),
  c(
    'We timed the candle and it burned for 2 h and 10 minutes.',
    'We timed the candle and it burned for 2 h and 10 minutes.',
  ),
  c('hmm his plant grew 15 mm in a week', 'His plant grew 15 mm in a week.', ['hmm'], ['mm']),
  c(
    'Kwame ran the 400 m in 68 seconds at sports day.',
    'Kwame ran the 400 m in 68 seconds at sports day.',
  ),

  // Hesitations in other spellings, names that start like them, and "kinda"/"sorta" hedges
  c(
    'Ehm, Aisha has settled in really well.',
    'Aisha has settled in really well.',
    ['ehm'],
    ['well'],
  ),
  c(
    'ahm Callum has been working hard on his fractions',
    'Callum has been working hard on his fractions.',
    ['ahm'],
  ),
  c(
    'Hmm, Priya needs to read a wider range of books.',
    'Priya needs to read a wider range of books.',
    ['hmm'],
  ),
  c(
    'mhm she has joined the choir this term as well',
    'She has joined the choir this term as well.',
    ['mhm'],
    ['well'],
  ),
  c("Kofi's, ehm, handwriting has improved a lot.", "Kofi's handwriting has improved a lot.", [
    'ehm',
  ]),
  c(
    'Umar and Ahmed built a model of the Thames Barrier together.',
    'Umar and Ahmed built a model of the Thames Barrier together.',
  ),
  c(
    'she kinda rushes the last question on every test',
    'She kinda rushes the last question on every test.',
    [],
    ['kinda'],
  ),
  c(
    'um Mateusz sorta knows his seven times table but not quite yet',
    'Mateusz sorta knows his seven times table but not quite yet.',
    ['um'],
    ['sorta'],
  ),
  c(
    'Her reading is sorta there, but not quite fluent yet.',
    'Her reading is sorta there, but not quite fluent yet.',
    [],
    ['sorta'],
  ),
  c('ahm, mhm, Oluwaseun has had a brilliant term', 'Oluwaseun has had a brilliant term.', [
    'ahm',
    'mhm',
  ]),
  c('Erin, ehm, led the class assembly on Friday.', 'Erin led the class assembly on Friday.', [
    'ehm',
  ]),
  c(
    'Hana was kinda nervous before her violin exam.',
    'Hana was kinda nervous before her violin exam.',
    [],
    ['kinda'],
  ),

  // False starts without a hyphen, and restarts with another form of the subject
  c(
    'Jayden is, I mean, Jayden has been much calmer this half term.',
    'Jayden has been much calmer this half term.',
    ['jayden', 'is', 'i', 'mean'],
  ),
  c("she's- Nadia's been brilliant in drama", "Nadia's been brilliant in drama.", ["she's"]),
  c("We're- we'll look at it again next week.", "We'll look at it again next week.", ["we're"]),
  c(
    'he was he has been really helpful in the library',
    'He has been really helpful in the library.',
    ['he', 'was'],
  ),
  c(
    "They're, um, they've been working on persuasive letters.",
    "They've been working on persuasive letters.",
    ["they're", 'um'],
  ),
  c(
    'Sofia is, um, Sofia was chosen for the netball team.',
    'Sofia was chosen for the netball team.',
    ['sofia', 'is', 'um'],
  ),
  c(
    "I was, I mean, I've been really impressed by Santiago.",
    "I've been really impressed by Santiago.",
    ['i', 'was', 'i', 'mean'],
  ),
  c(
    "we were we're going to try a reading diary with Ruby",
    "We're going to try a reading diary with Ruby.",
    ['we', 'were'],
  ),
  c(
    'Declan was, he told me, up late reading most nights.',
    'Declan was, he told me, up late reading most nights.',
  ),
  c(
    'When I say Ines is careful, I mean she checks every single answer.',
    'When I say Ines is careful, I mean she checks every single answer.',
    [],
    ['i', 'mean'],
  ),
  c('She is who she is, and we love her energy.', 'She is who she is, and we love her energy.'),
  c(
    "He's- Ravi's the one who built the erupting volcano.",
    "Ravi's the one who built the erupting volcano.",
    ["he's"],
  ),
  c(
    "it's- Leilani's story was the one we read in assembly",
    "Leilani's story was the one we read in assembly.",
    ["it's"],
  ),
  c(
    'Tariq has, I mean, Tariq had a difficult start to the year.',
    'Tariq had a difficult start to the year.',
    ['tariq', 'has', 'i', 'mean'],
  ),
  c('Olumide said he could, and he did.', 'Olumide said he could, and he did.'),

  // Sentence-opening so / okay so / right / like / well in bare dictation, and the same
  // words opening a sentence with their meaning
  c(
    "so we've been working on long division this week",
    "We've been working on long division this week.",
    ['so'],
  ),
  c("okay so Amara's next target is paragraphing", "Amara's next target is paragraphing.", [
    'okay',
    'so',
  ]),
  c("right she's made a great start to year 7", "She's made a great start to year 7.", ['right']),
  c(
    "like she's always the first to put her hand up",
    "She's always the first to put her hand up.",
    ['like'],
  ),
  c("well he's grown in confidence this term", "He's grown in confidence this term.", ['well']),
  c(
    "so they're reading Holes in English at the moment",
    "They're reading Holes in English at the moment.",
    ['so'],
  ),
  c("right so Emeka's homework has been excellent", "Emeka's homework has been excellent.", [
    'right',
    'so',
  ]),
  c(
    "okay we're going to focus on times tables after half term",
    "We're going to focus on times tables after half term.",
    ['okay'],
  ),
  c(
    "well we'd love to see her reading at home a bit more",
    "We'd love to see her reading at home a bit more.",
    ['well'],
  ),
  c(
    'So, we have moved Wei up to the top maths set.',
    'We have moved Wei up to the top maths set.',
    ['so'],
  ),
  c(
    "so I've set him some extra reading for the holidays",
    "I've set him some extra reading for the holidays.",
    ['so'],
  ),
  c(
    'So far Bilal has met every one of his targets.',
    'So far Bilal has met every one of his targets.',
    [],
    ['so'],
  ),
  c(
    'So many children chose her story as their favourite.',
    'So many children chose her story as their favourite.',
    [],
    ['so'],
  ),
  c(
    'Right from the first week, Keisha was keen to help.',
    'Right from the first week, Keisha was keen to help.',
    [],
    ['right'],
  ),
  c(
    'Well done to Ezra for his science fair project.',
    'Well done to Ezra for his science fair project.',
    [],
    ['well'],
  ),
  c(
    'Like her sister, Maryam loves writing poems.',
    'Like her sister, Maryam loves writing poems.',
    [],
    ['like'],
  ),
  c(
    'Like many pupils in year 9, Lucas finds algebra tricky at first.',
    'Like many pupils in year 9, Lucas finds algebra tricky at first.',
    [],
    ['like'],
  ),
  c(
    'right now he is working towards the expected standard in writing',
    'Right now he is working towards the expected standard in writing.',
    [],
    ['right'],
  ),
  c(
    'So proud of how Niamh handled the assembly.',
    'So proud of how Niamh handled the assembly.',
    [],
    ['so'],
  ),
  c(
    "So that she can catch up, we'll send home a reading pack.",
    "So that she can catch up, we'll send home a reading pack.",
    [],
    ['so'],
  ),
  c(
    "Like she said at parents' evening, Imani wants to be a vet.",
    "Like she said at parents' evening, Imani wants to be a vet.",
    [],
    ['like'],
  ),
  c(
    'Well over half of his spellings were correct this week.',
    'Well over half of his spellings were correct this week.',
    [],
    ['well'],
  ),
  c(
    'Right angles and parallel lines are a real strength for Hiroshi.',
    'Right angles and parallel lines are a real strength for Hiroshi.',
    [],
    ['right'],
  ),

  // Hedges change the claim ("sort of close" is not "close"): they are meaning
  c(
    'It was sort of close between Chidi and Rosa for the poetry prize.',
    'It was sort of close between Chidi and Rosa for the poetry prize.',
    [],
    ['sort', 'of'],
  ),
  c(
    'He is kind of tired in the afternoons, so an earlier bedtime might help.',
    'He is kind of tired in the afternoons, so an earlier bedtime might help.',
    [],
    ['kind', 'of', 'so'],
  ),
  c(
    'She has been a bit quiet since half term.',
    'She has been a bit quiet since half term.',
    [],
    ['bit'],
  ),
  c(
    'um his answer was sort of right but he left out the units',
    'His answer was sort of right but he left out the units.',
    ['um'],
    ['sort', 'of', 'right'],
  ),
  c(
    "I'd say she's kind of finding her feet in year 7.",
    "I'd say she's kind of finding her feet in year 7.",
    [],
    ['kind', 'of'],
  ),
  c(
    'Dmitri seemed a bit anxious before the test, er, which is normal.',
    'Dmitri seemed a bit anxious before the test, which is normal.',
    ['er'],
    ['bit'],
  ),
  c(
    'The ending of her story felt a little rushed.',
    'The ending of her story felt a little rushed.',
  ),
  c(
    'uh Jun is sort of in between groups in maths at the moment',
    'Jun is sort of in between groups in maths at the moment.',
    ['uh'],
    ['sort', 'of'],
  ),
  c(
    'It was kind of Grace to stay behind and tidy up.',
    'It was kind of Grace to stay behind and tidy up.',
    [],
    ['kind', 'of'],
  ),

  // A filler between two copies of a word makes the first copy a stutter, even of a word
  // that is often repeated on purpose ("very, very")
  c(
    'He needs more, um, more practice with column addition.',
    'He needs more practice with column addition.',
    ['more', 'um'],
  ),
  c(
    'She was very, uh, very nervous about the residential trip.',
    'She was very nervous about the residential trip.',
    ['very', 'uh'],
  ),
  c(
    'Her, erm, her presentation on volcanoes was excellent.',
    'Her presentation on volcanoes was excellent.',
    ['her', 'erm'],
  ),
  c('His handwriting has really um really improved', 'His handwriting has really improved.', [
    'really',
    'um',
  ]),
  c(
    'They worked so, ehm, so hard on the class display.',
    'They worked so hard on the class display.',
    ['so', 'ehm'],
    ['so'],
  ),
  c(
    'She was very, very proud of her certificate.',
    'She was very, very proud of her certificate.',
    [],
    ['very', 'very'],
  ),
  c(
    'Aleksander read more and more books over the holiday.',
    'Aleksander read more and more books over the holiday.',
    [],
    ['more', 'more'],
  ),
  c(
    'The move had had a big effect on his confidence.',
    'The move had had a big effect on his confidence.',
    [],
    ['had', 'had'],
  ),
  c(
    'Many, many thanks for your help on the trip.',
    'Many, many thanks for your help on the trip.',
    [],
    ['many', 'many'],
  ),
  c(
    'Priya said that that was the best day of the year.',
    'Priya said that that was the best day of the year.',
    [],
    ['that', 'that'],
  ),

  // A filler between two commas: one comma stays where one belongs (before a clause, between
  // list items, after an opening phrase), none after a conjunction or inside a phrase
  c(
    'She has improved her spelling, and, um, her handwriting.',
    'She has improved her spelling, and her handwriting.',
    ['um'],
  ),
  c(
    'and, um, he has been a great help with the younger ones',
    'And he has been a great help with the younger ones.',
    ['um'],
  ),
  c(
    'Her reading, um, and her writing have both improved.',
    'Her reading and her writing have both improved.',
    ['um'],
  ),
  c(
    'Yusuf finished the test early, uh, and he checked every answer.',
    'Yusuf finished the test early, and he checked every answer.',
    ['uh'],
  ),
  c(
    "We've covered fractions, um, decimals and percentages this half term.",
    "We've covered fractions, decimals and percentages this half term.",
    ['um'],
  ),
  c(
    'In science, erm, she designed her own experiment on friction.',
    'In science, she designed her own experiment on friction.',
    ['erm'],
  ),
  c(
    'We talked about, um, his attendance and his homework.',
    'We talked about his attendance and his homework.',
    ['um'],
  ),
  c(
    "He tries hard, you know, but he's easily distracted.",
    "He tries hard, but he's easily distracted.",
    ['you', 'know'],
  ),
  c("but, um, she's always willing to have a go", "But she's always willing to have a go.", ['um']),
  c(
    'His favourite subjects are art, um, music and computing.',
    'His favourite subjects are art, music and computing.',
    ['um'],
  ),
  c(
    'This term, um, Saanvi has taken on the role of reading buddy.',
    'This term, Saanvi has taken on the role of reading buddy.',
    ['um'],
  ),
];
