import type { FeedbackKind } from './read-feedback';

/*
 * Feedback as teachers write it (typed notes and spoken comments), with what a teacher
 * reading it would say it points at. The labels follow these rules, clause by clause:
 *   kind  - "weakness" when it says something is wrong or missing ("not", "forgot",
 *           "needs", "too long"), even inside an instruction ("Use compasses, not a
 *           ruler"), or states something about the work without asking anything of
 *           the pupil ("Spelling of ‘because’", "x is a variable", "you subtracted");
 *           "next-step" when it only instructs or asks, a plain statement right after
 *           the instruction explaining it ("Check your compass points – north-east is
 *           between north and east"); "praise" when it only praises, a plain statement
 *           right after the praise going on with it.
 *   topic - what the critical part is about (for praise, what is praised), as a topic id
 *           of the vocabulary; null when it names no school topic.
 * The document title is where the item was written; `subject` is the subject of the
 * class or lesson when the item carries one.
 */
export type SentenceRow = {
  text: string;
  passage?: string;
  title: string;
  subject?: string;
  topic: string | null;
  kind: FeedbackKind;
};

type Row = [
  kind: FeedbackKind,
  topic: string | null,
  title: string,
  text: string,
  passage?: string,
  subject?: string,
];

const rows = (list: Row[]): SentenceRow[] =>
  list.map(([kind, topic, title, text, passage, subject]) => ({
    text,
    title,
    topic,
    kind,
    ...(passage ? { passage } : {}),
    ...(subject ? { subject } : {}),
  }));

export const PRIMARY_MATHS = rows([
  [
    'next-step',
    'fractions',
    'Fractions homework',
    'Check the denominator before you add these fractions.',
    '1/2 + 1/3 = 2/5',
  ],
  [
    'weakness',
    'fractions',
    'Fractions homework',
    'You’ve added the denominators – they stay the same when the fractions are equivalent.',
  ],
  ['praise', 'fractions', 'Fractions homework', 'Brilliant, every fraction simplified correctly!'],
  ['praise', 'presentation', 'Fractions homework', 'Lovely neat presentation.'],
  ['praise', null, 'Fractions homework', 'Well done, 10/10'],
  ['next-step', 'fractions', 'Fractions homework', 'Remember to find a common denominator first.'],
  ['weakness', 'spelling', 'Fractions homework', 'Spelling of ‘quarter’.'],
  [
    'weakness',
    'fractions',
    'Fractions homework',
    'Not quite – 3/4 is bigger than 2/3. Try drawing a fraction wall.',
  ],
  ['praise', null, 'Fractions homework', 'Brilliant effort, well done!'],
  ['praise', 'addition-subtraction', 'Maths: column addition', 'Your column addition is spot on.'],
  [
    'next-step',
    'addition-subtraction',
    'Column addition',
    'Remember to exchange when the ones add up to more than 9.',
  ],
  ['weakness', 'addition-subtraction', 'Addition homework', 'You forgot to carry the ten.'],
  ['next-step', 'times-tables', 'Times tables check', 'Practise your 7 times table – 7 x 8 is 56.'],
  ['praise', 'times-tables', 'Maths', 'Great recall of your times tables this week!'],
  [
    'next-step',
    'place-value',
    'Column subtraction',
    'Line up the digits in the right columns, ones under ones.',
  ],
  ['weakness', 'place-value', 'Place value', 'The 4 is worth 40 here, not 4.', '346'],
  [
    'weakness',
    'rounding',
    'Rounding',
    'Round to the nearest 10, not the nearest 100 – read the question.',
  ],
  [
    'next-step',
    'multiplication-division',
    'Division',
    'Use the bus stop method and show the remainder.',
  ],
  [
    'weakness',
    'multiplication-division',
    'Division',
    'Your remainder can’t be bigger than the number you’re dividing by.',
  ],
  [
    'weakness',
    'decimals',
    'Decimals',
    'The decimal point stays in the same place when you multiply by 10 – the digits move.',
  ],
  ['praise', 'decimals', 'Decimals', 'Good – you ordered the decimals correctly.'],
  ['weakness', 'decimals', 'Decimals', '0.5 is the same as 5 tenths, not 5 hundredths.'],
  ['weakness', 'measures', 'Measuring lines', 'Measure from 0 on the ruler, not from the end.'],
  ['next-step', 'measures', 'Measuring', 'Don’t forget the units – cm.'],
  ['next-step', 'measures', 'Mass problems', 'Convert everything to grams before you compare.'],
  [
    'weakness',
    'time',
    'Time word problems',
    'Your answer is in minutes but the question asks for hours and minutes.',
  ],
  [
    'weakness',
    'time',
    'Telling the time',
    'Quarter past, not quarter to – the minute hand is on the 3.',
  ],
  ['next-step', 'angles', 'Angles', 'Label the right angle with a small square.'],
  ['weakness', 'angles', 'Angles', 'An obtuse angle is more than 90 degrees – check this one.'],
  [
    'weakness',
    'area-perimeter',
    'Area and perimeter',
    'Perimeter is the distance around the outside; you’ve found the area.',
  ],
  [
    'praise',
    'showing-working',
    'Area and perimeter',
    'Excellent reasoning – you explained why both shapes have the same area.',
  ],
  [
    'next-step',
    'showing-working',
    'Arithmetic test',
    'Show your working so I can see your method.',
  ],
  [
    'next-step',
    'charts-graphs',
    'Statistics: bar charts',
    'Draw the bar chart with equal gaps and label both axes.',
  ],
  [
    'weakness',
    'charts-graphs',
    'Pictograms',
    'Your pictogram key says one picture is 2 children – check your halves.',
  ],
  ['praise', 'angles', '2D shapes', 'Super work on the shapes – all the right angles found!'],
  [
    'weakness',
    'shape-properties',
    'Properties of shapes',
    'A square is also a rectangle – it has four right angles.',
  ],
  ['praise', null, 'Fractions of amounts', 'The bar model really helped you here – well done.'],
  [
    'next-step',
    'fractions',
    'Multiplying fractions',
    'Multiply the numerators and the denominators.',
  ],
  [
    'next-step',
    'multiplication-division',
    'Long multiplication',
    'Use the grid method to multiply 23 by 14.',
  ],
  ['weakness', 'decimals', 'Decimals', 'Multiplying by 10 doesn’t ‘add a zero’ for decimals.'],
  ['praise', null, 'Times tables', 'Much more accurate this time – keep it up!'],
  ['weakness', 'fractions', 'Homework', 'Not quite – look again.', '3/4 + 1/4 = 4/8'],
  ['weakness', 'money', 'Money problems', 'You need to give change from £5, not the total.'],
]);

export const SECONDARY_MATHS = rows([
  [
    'weakness',
    'algebraic-notation',
    '9Y1 algebra homework',
    'x is a variable – 3x means 3 times x, not 3 add x.',
  ],
  ['weakness', 'algebraic-notation', 'Forming expressions', 'x is a variable', 'x = 3 + x'],
  ['weakness', 'algebraic-notation', 'Homework 4', 'x is a variable', undefined, 'Maths'],
  ['weakness', null, 'Homework 4', 'x is a variable'],
  [
    'weakness',
    'expanding-brackets',
    'Expanding brackets',
    'Multiply every term inside the bracket, not just the first one.',
    '3(x + 4) = 3x + 4',
  ],
  [
    'weakness',
    'expanding-brackets',
    'Double brackets',
    'Expand both brackets fully – you’ve missed the x times 5 term.',
  ],
  [
    'weakness',
    'like-terms',
    'Simplifying expressions',
    'Collect the like terms: 3x and 2x make 5x, not 5x².',
  ],
  ['weakness', 'like-terms', '7X2 algebra', 'You can’t add 2x and 3y – they’re not like terms.'],
  ['praise', 'algebraic-notation', 'Algebra', 'Great use of algebraic notation.'],
  [
    'next-step',
    'solving-equations',
    'Solving equations',
    'Do the same to both sides of the equation.',
  ],
  ['weakness', 'substitution', 'Substitution', 'Substitute x = -2 carefully: (-2)² is 4, not -4.'],
  [
    'next-step',
    'factorising',
    'Factorising',
    'Factorise fully – take out the highest common factor.',
  ],
  ['weakness', 'sequences', 'Sequences', 'The nth term is 4n + 1, not n + 4.'],
  ['praise', 'sequences', 'Sequences', 'Well done – your term-to-term rule is correct.'],
  [
    'weakness',
    'straight-line-graphs',
    'Straight line graphs',
    'The gradient is the coefficient of x when y is the subject.',
  ],
  [
    'weakness',
    'negative-numbers',
    'Directed numbers',
    'Two negatives make a positive when you multiply, but not when you add.',
  ],
  ['weakness', 'negative-numbers', '7X2 homework', '-3 - 5 is -8, not 2.', '-3 - 5 = 2'],
  ['next-step', 'negative-numbers', 'Directed numbers', 'Look at the sign.', '-4 + 7 = -11'],
  [
    'weakness',
    'expanding-brackets',
    'Expanding brackets',
    'Careful with the signs when you expand -2(x - 3).',
  ],
  ['weakness', 'percentages', 'Percentages', 'Percentage increase: multiply by 1.15, not 0.15.'],
  ['next-step', 'percentages', 'Percentages', 'Find 10% first, then build up to 35%.'],
  [
    'weakness',
    'percentages',
    'Percentages homework',
    'You found the decrease but not the new price.',
  ],
  ['next-step', 'ratio', 'Ratio', 'Share in the ratio 2:3 – add the parts first.'],
  ['next-step', 'ratio', 'Ratio', 'Simplify the ratio fully: 12:8 is 3:2.'],
  ['praise', 'ratio', 'Ratio and proportion', 'Lovely clear method for the best buy question.'],
  ['next-step', 'ratio', 'Proportion', 'Use the unitary method: find the cost of one first.'],
  ['weakness', 'angles', 'Angle facts', 'Angles on a straight line add up to 180°, not 360°.'],
  [
    'next-step',
    'angles',
    'Angles in parallel lines',
    'Give a reason for each angle, e.g. alternate angles are equal.',
  ],
  [
    'next-step',
    'constructions',
    'Constructions',
    'Keep your compass width the same for both arcs.',
  ],
  ['next-step', 'constructions', 'Homework 6', 'keep your compass width'],
  [
    'weakness',
    'constructions',
    'Perpendicular bisector',
    'Use a pair of compasses, not a ruler, for the arcs.',
  ],
  [
    'next-step',
    'pythagoras-trigonometry',
    'Trigonometry',
    'Label the hypotenuse before you choose sin, cos or tan.',
  ],
  [
    'weakness',
    'pythagoras-trigonometry',
    'Pythagoras',
    'Square the two shorter sides, then add – you subtracted.',
  ],
  [
    'weakness',
    'transformations',
    'Transformations',
    'The centre of rotation is (0, 0) – you rotated about the wrong point.',
  ],
  [
    'next-step',
    'transformations',
    'Transformations',
    'Describe the enlargement fully: scale factor and centre.',
  ],
  ['weakness', 'circles', 'Circles', 'Circumference uses the diameter, not the radius, with πd.'],
  ['next-step', 'rounding', 'Circles', 'Round your answer to 2 decimal places as asked.'],
  ['weakness', 'averages', 'Averages', 'Your mean is right but you’ve forgotten the range.'],
  ['next-step', 'averages', 'Averages', 'Median: put the numbers in order first.'],
  [
    'praise',
    'charts-graphs',
    'Scatter graphs',
    'Good – your scatter graph has a clear line of best fit.',
  ],
  ['weakness', 'probability', 'Probability', 'Probabilities add up to 1 – these add to 1.1.'],
  [
    'next-step',
    'powers-and-roots',
    'Standard form',
    'Standard form: the first number must be between 1 and 10.',
  ],
  ['next-step', 'powers-and-roots', 'Indices', 'When you multiply powers, add the indices.'],
  ['praise', 'presentation', 'Indices', 'Excellent – all correct and beautifully set out.'],
  [
    'weakness',
    'showing-working',
    '11Z3 mock paper 2',
    'You need to show the method, not just the answer.',
  ],
  ['next-step', 'measures', 'Area homework', 'Write the units: cm².'],
  ['next-step', 'measures', 'Measures', 'Convert 2.5 km into metres.'],
  [
    'weakness',
    'expanding-brackets',
    '9Y1 homework',
    'okay so for number three you’ve multiplied the bracket out but only the first term',
  ],
  ['next-step', 'like-terms', 'Algebra', 'Check this again.', '2x + 3x = 5x²'],
  [
    'weakness',
    'solving-equations',
    '9Y1 algebra test',
    'You divided by 3 before subtracting 4 from both sides.',
  ],
  [
    'praise',
    'expanding-brackets',
    '11Z3 revision',
    'Superb – every double bracket expanded correctly.',
  ],
]);

export const PRIMARY_ENGLISH = rows([
  ['weakness', 'spelling', 'Diary entry', 'Spelling of ‘because’ – check your word mat.'],
  ['weakness', 'spelling', 'Diary entry', 'sp', 'becuase'],
  ['praise', 'spelling', 'Spelling test', 'Super spellings today!'],
  [
    'next-step',
    'sentence-punctuation',
    'Recount: our trip',
    'Remember capital letters for names and places.',
  ],
  [
    'weakness',
    'sentence-punctuation',
    'Recount: our trip',
    'Full stop needed here.',
    'we went to the park we had a picnic',
  ],
  [
    'next-step',
    'speech-punctuation',
    'The Iron Man: a new chapter',
    'Use speech marks around the words that are spoken.',
  ],
  [
    'next-step',
    'speech-punctuation',
    'Story writing',
    'Start a new line each time a new character speaks.',
  ],
  ['weakness', 'apostrophes', 'Diary entry', 'Apostrophe for possession: the dog’s bone.'],
  ['weakness', 'apostrophes', 'Diary entry', 'It’s = it is. Here you need its.'],
  ['next-step', 'commas', 'Instructions', 'Use commas to separate items in a list.'],
  ['praise', 'grammar', 'Big Write', 'Great use of a fronted adverbial followed by a comma!'],
  ['weakness', 'grammar', 'Recount', 'Check your tenses – you switch from past to present.'],
  ['weakness', 'grammar', 'Recount', '‘We was’ should be ‘we were’.'],
  [
    'weakness',
    'sentence-structure',
    'Story writing',
    'This is one very long sentence – split it into two.',
  ],
  [
    'next-step',
    'sentence-structure',
    'Story writing',
    'Try starting some sentences with an adverb to vary them.',
  ],
  [
    'next-step',
    'grammar',
    'Persuasive letter',
    'Use a conjunction to join these two ideas: because, so, but.',
  ],
  ['weakness', 'paragraphs', 'Story writing', 'Where is your new paragraph?'],
  ['weakness', 'paragraphs', 'Story writing', '//', 'The next morning, the giant woke up.'],
  [
    'praise',
    'paragraphs',
    'Non-chronological report',
    'Lovely paragraphs, each with a clear topic sentence.',
  ],
  [
    'praise',
    'vocabulary',
    'Big Write: monster description',
    'Fantastic adjectives to describe the monster!',
  ],
  ['next-step', 'vocabulary', 'Story writing', 'Choose a more powerful verb than ‘went’.'],
  ['praise', 'handwriting', 'Handwriting', 'Your handwriting is joined and neat – well done.'],
  [
    'weakness',
    'handwriting',
    'Diary entry',
    'Form your letters carefully – your d and b are reversed.',
  ],
  [
    'next-step',
    'inference',
    'Holes reading journal',
    'Can you find a word that tells us how Stanley feels?',
  ],
  [
    'weakness',
    'inference',
    'Holes chapter 10 prediction',
    'Your prediction about Zero doesn’t fit what we learned at the lake.',
  ],
  [
    'next-step',
    'use-of-evidence',
    'Holes reading journal',
    'Your prediction about Zero is sensible – now find a clue in the text that supports it.',
  ],
  [
    'weakness',
    'retrieval',
    'Reading comprehension',
    'Find and copy the word, don’t write the whole sentence.',
  ],
  [
    'weakness',
    'use-of-evidence',
    'Guided reading',
    'Use the text to explain why, not just your own opinion.',
  ],
  [
    'weakness',
    'answering-the-question',
    'Reading comprehension',
    'Read the question carefully – it asks how, not why.',
  ],
  ['next-step', 'phonics', 'Phonics', 'Sound out each part: s-p-l-a-sh.'],
  ['praise', 'openings-endings', 'Story writing', 'Great openings that hook the reader!'],
  [
    'weakness',
    'openings-endings',
    'Story',
    'Your ending stops suddenly – how does the problem get solved?',
  ],
  [
    'praise',
    null,
    'Diary entry',
    'What a fantastic piece of work – I really enjoyed reading this.',
  ],
  ['next-step', null, 'Story writing', 'See me.'],
  [
    'next-step',
    'spelling',
    'Story',
    'um so Maya this is really good but watch your spelling of necessary',
  ],
]);

export const SECONDARY_ENGLISH = rows([
  [
    'weakness',
    'analysis',
    'An Inspector Calls essay',
    'You’re retelling the plot here – analyse how Priestley presents the Inspector.',
  ],
  [
    'next-step',
    'analysis',
    'An Inspector Calls essay',
    'The gravity of the Inspector’s speech is a strong point – now zoom in on a single word.',
  ],
  [
    'weakness',
    'analysis',
    'An Inspector Calls essay',
    'You mention the gravity of the Inspector’s final speech but don’t explain its effect on the audience.',
  ],
  ['praise', null, '10E1 essay', 'Good point about the gravity of the Inspector’s final speech.'],
  [
    'weakness',
    'use-of-evidence',
    'Macbeth essay',
    'Embed your quotations rather than dropping them in.',
  ],
  [
    'next-step',
    'analysis',
    'Of Mice and Men essay',
    'Good range of quotations, but you need to explain what they show.',
  ],
  ['next-step', 'use-of-evidence', '8B2 essay', 'Use PEE: point, evidence, explain.'],
  ['weakness', 'use-of-evidence', 'Of Mice and Men essay', 'Where is your evidence for this?'],
  [
    'next-step',
    'language-methods',
    'Language Paper 1 Q2',
    'Identify the figurative language and explain its effect.',
  ],
  [
    'praise',
    'language-methods',
    'Creative writing',
    'Lovely figurative language in your description of the storm.',
  ],
  [
    'weakness',
    'text-structure',
    'Language Paper 1 mock',
    'Language Paper 1: you describe the structure but don’t comment on why the writer shifts focus.',
  ],
  [
    'weakness',
    'language-methods',
    'Poetry: Power and Conflict',
    'Use subject terminology: this is a metaphor, not a simile.',
  ],
  [
    'next-step',
    'context',
    'A Christmas Carol',
    'Link to context: what did Victorian readers think about poverty?',
  ],
  ['praise', 'context', 'A Christmas Carol essay', 'Your contextual knowledge is excellent.'],
  [
    'next-step',
    'context',
    'Jekyll and Hyde essay',
    'Don’t bolt context on at the end – weave it into your analysis.',
  ],
  [
    'next-step',
    'text-structure',
    'Language Paper 1 Q3',
    'Think about why the writer starts with a flashback.',
  ],
  [
    'weakness',
    'answering-the-question',
    'Macbeth essay',
    'Your introduction doesn’t answer the question – state your argument.',
  ],
  [
    'weakness',
    'sentence-structure',
    'Descriptive writing',
    'Comma splice – use a full stop or a semicolon.',
  ],
  [
    'next-step',
    'sentence-structure',
    'Language Paper 1 Q5',
    'Vary your sentence lengths for effect.',
  ],
  [
    'weakness',
    'audience-purpose',
    'Writing to argue',
    'Too informal for a formal letter – avoid slang.',
  ],
  ['praise', 'language-methods', 'Persuasive speech', 'Great rhetorical questions in your speech!'],
  [
    'weakness',
    'spelling',
    '8B2 homework',
    'Your spelling of ‘necessary’ and ‘definitely’ needs checking.',
  ],
  ['weakness', 'sentence-punctuation', 'Macbeth essay', 'Capital letter for ‘Macbeth’.'],
  [
    'weakness',
    'paragraphs',
    'Writing to argue',
    'This paragraph has three different ideas – one idea per paragraph.',
  ],
  [
    'weakness',
    'analysis',
    'Poetry comparison',
    'You summarise what happens instead of analysing the language.',
  ],
  [
    'weakness',
    'comparison',
    'Poetry comparison',
    'Compare the poems throughout, not just in the last paragraph.',
  ],
  [
    'weakness',
    'use-of-evidence',
    'An Inspector Calls essay',
    'Your quotation is too long – pick the key words.',
  ],
  [
    'weakness',
    'language-methods',
    'Language Paper 1',
    'Figurative language: you’ve identified the simile but not its effect.',
  ],
  [
    'weakness',
    'audience-purpose',
    'English: letter to the council',
    'Your language is too informal here.',
  ],
  [
    'weakness',
    'use-of-evidence',
    'English Language Paper 2',
    'This language paper answer needs more quotations.',
  ],
  [
    'weakness',
    'analysis',
    'Language Paper 1 mock',
    'Language Paper 1 Q4: you describe the text but do not evaluate it.',
  ],
  [
    'praise',
    'analysis',
    'Macbeth essay',
    'Perceptive analysis of Lady Macbeth’s language – excellent.',
  ],
  [
    'praise',
    'use-of-evidence',
    '10E1 An Inspector Calls',
    'Well-chosen, embedded quotations throughout.',
  ],
  [
    'weakness',
    'use-of-evidence',
    '10E1 An Inspector Calls',
    'You make a claim about Sheila but give no evidence.',
  ],
]);

export const SCIENCE = rows([
  [
    'weakness',
    'fair-tests',
    'Science: dissolving investigation',
    'Your prediction needs a reason: use ‘because’.',
  ],
  [
    'next-step',
    'fair-tests',
    'Science investigation',
    'Which variable did you change? That’s your independent variable.',
  ],
  [
    'next-step',
    'fair-tests',
    'Plant growth experiment',
    'Keep the amount of water the same to make it a fair test.',
  ],
  ['next-step', 'fair-tests', 'Science: fair test', 'Identify the independent variable.'],
  [
    'praise',
    'fair-tests',
    'Science: dissolving',
    'Your prediction was correct – the salt did dissolve faster in warm water.',
  ],
  ['next-step', 'science-graphs', 'Science: cooling experiment', 'Label the axes with units.'],
  [
    'weakness',
    'science-graphs',
    'Rates of reaction practical',
    'Your line of best fit should be a smooth curve, not dot-to-dot.',
  ],
  [
    'next-step',
    'conclusions',
    'Science investigation',
    'Use your results to explain your conclusion.',
  ],
  ['praise', 'conclusions', 'Science practical', 'Excellent evaluation of your method.'],
  [
    'weakness',
    'forces',
    'Forces',
    'Friction acts in the opposite direction to motion – your arrow is wrong.',
  ],
  [
    'weakness',
    'forces',
    'Year 4 science: forces and magnets',
    'Gravity pulls objects towards the Earth, not ‘down’.',
  ],
  [
    'praise',
    'electricity',
    'Electricity',
    'Great explanation of why the bulb lights up in a complete circuit.',
  ],
  [
    'weakness',
    'electricity',
    'Electricity',
    'In a series circuit the current is the same everywhere.',
  ],
  [
    'weakness',
    'photosynthesis',
    'Photosynthesis',
    'Chlorophyll absorbs light – add this to your explanation.',
  ],
  ['next-step', 'cells', 'Animal cells', 'Label the nucleus and cell membrane.'],
  [
    'weakness',
    'water-cycle',
    'The water cycle',
    'Condensation is gas turning to liquid, not liquid to gas.',
  ],
  [
    'praise',
    'states-of-matter',
    'States of matter',
    'Good – you explained that solids keep their shape.',
  ],
  [
    'next-step',
    'reactions',
    'Chemical reactions',
    'Balance the symbol equation – count the oxygen atoms on each side.',
  ],
  [
    'weakness',
    'reactions',
    'Chemical reactions',
    'The products go on the right of the word equation.',
  ],
  ['weakness', 'acids-alkalis', 'Acids and alkalis', 'An alkali has a pH above 7.'],
  [
    'weakness',
    'separating-mixtures',
    'Separating mixtures',
    'Filtering removes insoluble solids, not dissolved salt.',
  ],
  [
    'weakness',
    'habitats',
    'Habitats',
    'Food chains start with a producer – the arrow shows where the energy goes.',
  ],
  ['praise', 'evolution', 'Evolution', 'Your adaptation examples are really thoughtful.'],
  [
    'next-step',
    'states-of-matter',
    'Particles and states of matter',
    'Explain what happens to the particles when it is heated.',
  ],
  ['weakness', 'space', 'Earth and space', 'The Moon orbits the Earth, not the Sun.'],
  ['weakness', 'sound', 'Sound', 'Pitch depends on how fast it vibrates, not how hard you hit it.'],
  ['weakness', 'light', 'Light', 'Shadows form when light is blocked by an opaque object.'],
  [
    'weakness',
    'human-body',
    'The digestive system',
    'The small intestine absorbs nutrients – you wrote the stomach.',
  ],
  [
    'next-step',
    'science-measurement',
    'Science: measuring temperature',
    'Read the thermometer at eye level.',
  ],
]);

export const HUMANITIES = rows([
  ['next-step', 'chronology', 'Romans timeline', 'Put the events in chronological order.'],
  ['praise', 'chronology', 'Romans timeline', 'Great use of dates on your timeline!'],
  [
    'next-step',
    'sources',
    'Source analysis: the Blitz',
    'How reliable is this source? Think about who wrote it and why.',
  ],
  [
    'weakness',
    'sources',
    'Year 9 history: trench warfare',
    'You describe the source but don’t explain how useful it is.',
  ],
  [
    'next-step',
    'sources',
    'History: Norman Conquest',
    'Use evidence from the sources to support your answer.',
  ],
  ['next-step', 'causation', 'Causes of WW1', 'Explain how each cause led to the outbreak of war.'],
  [
    'next-step',
    'historical-knowledge',
    'Elizabethan England',
    'Add precise details – names, dates and events.',
  ],
  [
    'next-step',
    'map-skills',
    'Geography: maps',
    'Check your compass points – north-east is between north and east.',
  ],
  [
    'next-step',
    'map-skills',
    'Map skills',
    'Remember: along the corridor, then up the stairs for grid references.',
  ],
  ['next-step', 'map-skills', 'Geography', 'Use the key to identify the symbols on the OS map.'],
  [
    'weakness',
    'rivers-coasts',
    'Coasts',
    'Erosion and weathering are different – weathering breaks rock down in place.',
  ],
  [
    'next-step',
    'tectonics',
    'Volcanoes',
    'Label the plate boundary and say whether it is constructive or destructive.',
  ],
  ['praise', 'water-cycle', 'Geography: rivers', 'Super annotated diagram of the water cycle.'],
  [
    'next-step',
    'weather-climate',
    'Weather and climate',
    'Describe the pattern on the climate graph using figures.',
  ],
  [
    'weakness',
    'place-knowledge',
    'Continents and oceans',
    'Name all seven continents – you’ve missed Oceania.',
  ],
  ['weakness', 'beliefs', 'RE: Islam', 'Explain two beliefs about God, not practices.'],
  ['praise', 'beliefs', 'RE: Christianity', 'A thoughtful explanation of why Christians pray.'],
  [
    'weakness',
    'causation',
    'History: the Romans',
    'You list the reasons but don’t say which cause mattered most.',
  ],
]);

export const LANGUAGES = rows([
  ['next-step', 'verb-tenses', 'French homework', 'Check your verb endings: nous mangeons.'],
  [
    'weakness',
    'verb-tenses',
    'French: holidays',
    'Passé composé needs avoir or être plus a past participle.',
  ],
  [
    'weakness',
    'gender-agreement',
    'French: my house',
    'Watch the gender: la maison, not le maison.',
  ],
  [
    'weakness',
    'gender-agreement',
    'French',
    'Adjectives agree with the noun: les filles sont contentes.',
  ],
  ['next-step', 'accents', 'French', 'Don’t forget your accents: é, è.'],
  [
    'praise',
    'opinions',
    'Spanish: school subjects',
    'Great opinions with justifications (parce que)!',
  ],
  ['next-step', 'opinions', 'Spanish', 'Use ‘porque’ to justify your opinion.'],
  ['weakness', 'word-order', 'German', 'After ‘weil’ the verb goes to the end.'],
  [
    'next-step',
    'mfl-vocabulary',
    'French vocabulary test',
    'Learn these vocab words for Friday’s test.',
  ],
  [
    'praise',
    'verb-tenses',
    'Spanish: last weekend',
    'Your use of the preterite is accurate – well done.',
  ],
  [
    'weakness',
    'verb-tenses',
    'Spanish: last weekend',
    'You used the present tense, but this happened last weekend.',
  ],
]);

export const ACROSS_SUBJECTS = rows([
  ['next-step', 'presentation', 'Science', 'Underline your title and date with a ruler.'],
  ['next-step', 'presentation', 'Homework', 'Please take more care with your presentation.'],
  ['praise', null, 'Homework', 'Excellent progress this half term.'],
]);

/**
 * Written after the reader, to measure it on sentences it was not built from: of these 52
 * it first read 47 kinds and 41 topics right. The general gaps they showed were then
 * closed (unit words belong to no subject by themselves, "this paragraph" points at a
 * place rather than a topic, "re-read", praise in the language taught); the six it still
 * misreads are NOT_YET_READ below.
 */
export const LATER_SENTENCES = rows([
  ['weakness', 'fractions', 'Year 4 maths', 'You need the same denominator before you can add.'],
  [
    'praise',
    'fractions',
    'Equivalent fractions',
    'Super – you found three equivalent fractions for each one.',
  ],
  ['next-step', 'times-tables', 'Maths', 'Learn your 6 and 8 times tables for Friday.'],
  [
    'weakness',
    'place-value',
    'Year 4 maths',
    'The 3 is in the hundreds column, so it is worth 300.',
  ],
  [
    'next-step',
    'measures',
    'Measuring capacity',
    'Read the scale carefully – each line is 100 ml.',
  ],
  ['weakness', 'multiplication-division', 'Year 4 maths', 'You have forgotten the remainder.'],
  ['praise', null, 'Year 4 maths', 'Fantastic effort today!'],
  ['weakness', 'spelling', 'Year 4 maths', 'Spelling: "divide" not "devide".'],
  ['weakness', 'negative-numbers', '7X2 starter', 'Subtracting a negative is the same as adding.'],
  [
    'praise',
    'percentages',
    '11Z3 percentages',
    'Lovely use of multipliers for the compound interest question.',
  ],
  [
    'weakness',
    'ratio',
    '7X2 ratio homework',
    'You shared 40 in the ratio 3:5 as 15 and 25 – add the parts first.',
  ],
  ['next-step', 'angles', '7X2 angles', 'Measure the angle with the protractor lined up on zero.'],
  ['weakness', 'algebraic-notation', '7X2 algebra', 'Write 3 × a as 3a, without the times sign.'],
  ['praise', 'averages', 'Statistics', 'All three averages correct – well done.'],
  [
    'weakness',
    'probability',
    '11Z3',
    'The probabilities on your tree diagram branches should add to 1.',
  ],
  ['weakness', 'showing-working', '11Z3 mock', 'No working shown, so no method marks.'],
  [
    'weakness',
    'analysis',
    '10E1 Macbeth',
    'This paragraph retells what Macbeth does rather than analysing Shakespeare’s language.',
  ],
  ['next-step', 'use-of-evidence', '10E1 Macbeth', 'Add a short quotation to back this up.'],
  ['weakness', 'paragraphs', '8B2 essay', 'One long block of text – break it into paragraphs.'],
  [
    'weakness',
    'spelling',
    '7C3 writing',
    'Several spellings need correcting: separate, definitely.',
  ],
  [
    'weakness',
    'apostrophes',
    '7C3 writing',
    'Don’t use an apostrophe for plurals: apples, not apple’s.',
  ],
  ['next-step', 'sentence-structure', '7C3 writing', 'Try a short sentence here for impact.'],
  ['praise', 'vocabulary', '7C3 writing', 'Your vocabulary is ambitious and precise.'],
  ['weakness', 'grammar', 'Year 4 recount', 'You changed tense halfway through.'],
  ['next-step', 'speech-punctuation', 'Year 4 story', 'Put the comma inside the speech marks.'],
  ['weakness', 'handwriting', 'Year 4 handwriting', 'Your letters are different sizes.'],
  [
    'next-step',
    'inference',
    'Year 4 reading',
    'What does this tell us about how the character feels?',
  ],
  ['next-step', 'fair-tests', 'Year 4 science', 'Say what you will keep the same to make it fair.'],
  ['weakness', 'science-graphs', '9Y1 science', 'Your y axis goes up unevenly.'],
  ['praise', 'electricity', 'Year 4 science', 'You drew the circuit symbols perfectly.'],
  ['weakness', 'states-of-matter', 'Year 4 science', 'Water vapour is a gas, not a liquid.'],
  ['weakness', 'forces', 'Year 7 science', 'Weight is a force measured in newtons, not kilograms.'],
  [
    'next-step',
    'conclusions',
    'Year 7 science',
    'Say whether your results support your prediction.',
  ],
  [
    'weakness',
    'chronology',
    'Year 4 history',
    'The Romans came before the Anglo-Saxons – check your timeline.',
  ],
  ['next-step', 'sources', 'Year 9 history', 'Use the provenance: who made the poster and why?'],
  [
    'weakness',
    'causation',
    'Year 9 history',
    'You describe events but don’t explain why they caused the war.',
  ],
  [
    'next-step',
    'map-skills',
    'Year 4 geography',
    'Give a six-figure grid reference for the church.',
  ],
  [
    'weakness',
    'rivers-coasts',
    'Year 8 geography',
    'A meander forms by erosion on the outside bend, not the inside.',
  ],
  ['praise', 'tectonics', 'Year 8 geography', 'Excellent explanation of why the volcano erupted.'],
  ['weakness', 'verb-tenses', 'Year 8 French', 'Aller takes être in the passé composé, not avoir.'],
  ['next-step', 'opinions', 'Year 8 French', 'Add an opinion with parce que.'],
  [
    'weakness',
    'gender-agreement',
    'Year 8 Spanish',
    'Las casas son blancas – the adjective must agree.',
  ],
  ['praise', null, 'Year 8 Spanish', 'Muy bien! Excellent work.'],
  ['weakness', 'presentation', 'Year 7 science', 'Your work is very messy – I can’t read it.'],
  [
    'next-step',
    'answering-the-question',
    'Year 9 history',
    'Re-read the question: it asks how far you agree.',
  ],
  ['praise', 'use-of-evidence', '8B2 reading', 'You chose really relevant evidence.'],
]);

/**
 * Sentences the reader does not read right yet:
 * - "multiplied the x by 4" names multiplication; that the pupil's working is a bracket
 *   (4(x + 3)) would have to outweigh a word the teacher wrote;
 * - "5a + 2b is not 7ab": algebra in the teacher's own notation, which is not read;
 * - "substituting it back into the equation" names substitution, though the step is
 *   checking a solution;
 * - "Priestley's message and 1945": context named by a date, not a word;
 * - "Name the technique before you explain its effect": two topics, the longer phrase
 *   (analysis) wins;
 * - "you copied from paragraph 1": retrieval named by what the pupil did, not a term.
 */
export const NOT_YET_READ = rows([
  [
    'weakness',
    'expanding-brackets',
    '9Y1 homework',
    'You only multiplied the x by 4 – the 3 needs multiplying too.',
    '4(x + 3) = 4x + 3',
  ],
  ['weakness', 'like-terms', '9Y1 homework', '5a + 2b is not 7ab – they are different terms.'],
  [
    'next-step',
    'solving-equations',
    '9Y1 homework',
    'Check your answer by substituting it back into the equation.',
  ],
  [
    'praise',
    'context',
    '10E1 An Inspector Calls',
    'Brilliant link between Priestley’s message and 1945.',
  ],
  [
    'next-step',
    'language-methods',
    '8B2 poetry',
    'Name the technique before you explain its effect.',
  ],
  [
    'weakness',
    'retrieval',
    'Year 4 reading',
    'The answer is in paragraph 2 – you copied from paragraph 1.',
  ],
]);

export const FEEDBACK_SENTENCES: SentenceRow[] = [
  ...PRIMARY_MATHS,
  ...SECONDARY_MATHS,
  ...PRIMARY_ENGLISH,
  ...SECONDARY_ENGLISH,
  ...SCIENCE,
  ...HUMANITIES,
  ...LANGUAGES,
  ...ACROSS_SUBJECTS,
  ...LATER_SENTENCES,
];
