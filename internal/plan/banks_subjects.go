package plan

// This file holds what the built-in planner knows about each subject (over 300 lines because
// it is data: one entry per subject of the form) (keyed by forms.json
// subject values). The wording is ours. Texts may use the placeholders {topic}, {work},
// {example}, {add} and {evidence}, filled in by the planner; nothing here states a fact about
// any topic: where a plan needs specifics, it says what the teacher should add.

// subjectBank is one subject's vocabulary and activities.
type subjectBank struct {
	defaultModel   string   // the model used when the teacher has no preference
	work           string   // what students work on, plural ("problems", "sources")
	example        string   // what the teacher models with
	add            string   // where the teacher adds specifics, in brackets
	evidence       string   // what students point to when they justify
	materials      []string // what the lesson needs besides the teacher's own examples
	hooks          []string // openers
	practice       []string // independent or group tasks
	checks         []string // checks for understanding
	academic       []Term   // academic words of the subject (meanings are general, not topical)
	misconceptions []Misconception
	homework       []string
}

var subjectBanks = map[string]subjectBank{
	"english": {
		defaultModel: ModelDirect,
		work:         "passages",
		example:      "a short passage",
		add:          "[add the passage or excerpt you will use, with line numbers]",
		evidence:     "quotations from the text",
		materials:    []string{"Copies of the passage with line numbers", "Highlighters or annotation pens", "A claim–evidence–reasoning organiser"},
		hooks: []string{
			"Put one striking line from today's text on the board and ask students what it makes them wonder about {topic}",
			"Ask students to write for two minutes about a time they met {topic} outside a book, then share one idea with a partner",
		},
		practice: []string{
			"annotate a new passage for {topic}, then write a paragraph that makes a claim and supports it with two quotations",
			"compare two short passages in pairs and explain which handles {topic} more effectively, using {evidence}",
		},
		checks: []string{
			"Students hold up a quotation they chose and say in one sentence why it fits",
			"Cold-call three students to read their claim aloud; the class rates each claim's support with fingers (1–3)",
			"Students write one sentence connecting a quotation to {topic} on a sticky note for you to sort",
		},
		academic: []Term{
			{"claim", "A statement you argue is true and support with evidence."},
			{"textual evidence", "Words from the text, quoted or paraphrased, that support an idea."},
			{"inference", "A conclusion drawn from clues in the text rather than stated outright."},
		},
		misconceptions: []Misconception{
			{"Students may retell what happens instead of analysing how the text handles {topic}.", "Show a summary sentence next to an analytical one and ask which says how or why; have students upgrade one of their own sentences."},
			{"Students may drop in quotations without explaining how they support the claim.", "Model the 'quote, then explain' move with a sentence frame (This shows… because…) and ask for the explanation to be at least as long as the quotation."},
			{"Students may treat their first reading as the only possible reading.", "Ask for a second, different reading of the same lines and have students decide which the evidence supports better."},
		},
		homework: []string{
			"Find one more passage that deals with {topic} and write a paragraph analysing it with two quotations.",
			"Revise today's paragraph: strengthen the weakest piece of evidence and its explanation.",
		},
	},
	"mathematics": {
		defaultModel: ModelDirect,
		work:         "problems",
		example:      "a worked example",
		add:          "[add 3–4 problems, easiest first, and their answers]",
		evidence:     "working and reasoning",
		materials:    []string{"Mini whiteboards and markers", "A practice set of problems on {topic}, easiest first", "Answer key for self-checking"},
		hooks: []string{
			"Show one problem on {topic} with a wrong solution and ask students to find the error in pairs",
			"Give a 'which one doesn't belong?' set of four items related to {topic} and ask for a reason for each choice",
		},
		practice: []string{
			"work through a set of problems on {topic} that grows harder, checking every third answer against the key",
			"solve one problem two different ways with a partner and explain which way is more efficient and why",
		},
		checks: []string{
			"Students solve one problem on mini whiteboards and hold them up together",
			"Show a common wrong answer and ask students to write what went wrong",
			"Students rate their confidence 1–3 and solve one hinge question; group by answer for the next step",
		},
		academic: []Term{
			{"justify", "Give reasons, with steps or evidence, that show an answer is right."},
			{"strategy", "A planned way of tackling a problem."},
			{"generalise", "State a rule that works for every case, not only the examples seen."},
		},
		misconceptions: []Misconception{
			{"Students may apply a procedure for {topic} without checking when it applies.", "Give one case where the procedure works and one where it does not, and ask pairs to state the condition that separates them."},
			{"Students may reach a right answer by a method they cannot explain.", "Ask 'how do you know?' on correct answers too, and have students explain a step to a partner before moving on."},
			{"Students may not check whether an answer is reasonable.", "Build in an estimate before each problem and a quick check against it afterwards."},
		},
		homework: []string{
			"Complete 4–6 practice problems on {topic}, and for one of them write a sentence explaining each step.",
			"Write a problem on {topic} of your own, solve it, and note the mistake a classmate is most likely to make.",
		},
	},
	"science": {
		defaultModel: Model5E,
		work:         "investigations",
		example:      "a demonstration or a small data set",
		add:          "[add the phenomenon, demonstration or data set you will use, with safety notes]",
		evidence:     "data and observations",
		materials:    []string{"Equipment for the demonstration or investigation (check your safety procedures)", "A data table or observation sheet", "Chart paper for models and explanations"},
		hooks: []string{
			"Show a short phenomenon related to {topic} and ask students to note what they observe and what they wonder",
			"Ask students to predict, in writing, what will happen in a demonstration about {topic}, and why",
		},
		practice: []string{
			"collect or analyse data about {topic} and write a claim supported by evidence and reasoning",
			"draw a model in groups that explains {topic}, then revise it after comparing with another group",
		},
		checks: []string{
			"Students sketch a quick model of {topic} on a whiteboard and hold it up",
			"Students write a one-sentence claim from the data; you read a sample and address patterns",
			"Agree/disagree cards on two statements about today's observations, with a reason from the data",
		},
		academic: []Term{
			{"evidence", "Observations or data that support or challenge a claim."},
			{"model", "A drawing, diagram or description that explains how something works."},
			{"variable", "A factor that can change in an investigation."},
		},
		misconceptions: []Misconception{
			{"Students may hold an everyday explanation of {topic} that the evidence does not support.", "Ask students to write their first explanation, then test it against the data and revise it in a different colour."},
			{"Students may treat one result as proof.", "Compare results across groups and ask what more data would make the claim stronger."},
			{"Students may confuse what they observed with how they explain it.", "Use a two-column sheet (I observed / I think this happens because) and check the columns during the investigation."},
		},
		homework: []string{
			"Find an everyday example of {topic} and explain it using today's model in a short paragraph.",
			"Answer a data question: read the table or graph provided and write a claim, evidence and reasoning.",
		},
	},
	"social-studies": {
		defaultModel: ModelInquiry,
		work:         "sources",
		example:      "a primary or secondary source",
		add:          "[add 2–3 sources on {topic}, each with its author, date and origin]",
		evidence:     "evidence from the sources",
		materials:    []string{"Copies of the sources with author, date and origin", "A sourcing organiser (who, when, why, how reliable)", "Chart paper or a shared board for the class's claims"},
		hooks: []string{
			"Show one image or short quotation connected to {topic} and ask: who made this, when, and why?",
			"Pose a debatable question about {topic} and ask students to take a position on a line across the room",
		},
		practice: []string{
			"source and corroborate two documents on {topic}, then write a claim that uses both",
			"decide in groups which source is most useful for answering the lesson's question, and defend the choice",
		},
		checks: []string{
			"Students name one source's author and purpose and say how it affects its reliability",
			"Quick write: the strongest piece of evidence so far and why",
			"Thumbs up/down on a claim about {topic}, then two students justify with a source",
		},
		academic: []Term{
			{"sourcing", "Asking who made a source, when, and why before trusting it."},
			{"corroborate", "Check whether other sources agree."},
			{"perspective", "The point of view from which someone sees events."},
		},
		misconceptions: []Misconception{
			{"Students may treat a single source as the whole story of {topic}.", "Pair it with a source from another perspective and ask what each leaves out."},
			{"Students may judge people of the past only by today's values.", "Ask students to explain what people at the time knew and believed before they evaluate."},
			{"Students may assume a primary source is automatically reliable.", "Have students name the author's purpose and audience and say how that shapes what the source says."},
		},
		homework: []string{
			"Find one more source on {topic}, source it with the organiser, and say whether it supports today's claim.",
			"Write a paragraph answering the lesson's question with evidence from two sources.",
		},
	},
	"world-languages": {
		defaultModel: ModelDirect,
		work:         "exchanges",
		example:      "a short model dialogue",
		add:          "[add the model dialogue or text in the target language, and the structures to practise]",
		evidence:     "the target words and structures",
		materials:    []string{"The model dialogue or text in the target language", "Vocabulary cards for {topic}", "Sentence starters in the target language"},
		hooks: []string{
			"Play or read a short clip in the target language about {topic} and ask students to catch three words they know",
			"Show an image related to {topic} and ask students to describe it in the target language with any words they have",
		},
		practice: []string{
			"hold a short conversation about {topic} with a partner, using at least three of the target structures",
			"write a short message about {topic} in the target language, then swap and correct with a partner",
		},
		checks: []string{
			"Students answer a question about {topic} in the target language on a whiteboard",
			"Quick call-and-response with the new structures; listen for pronunciation and note errors",
			"Students translate one sentence each way and compare with a partner",
		},
		academic: []Term{
			{"structure", "A pattern of words used to build sentences."},
			{"cognate", "A word that looks and means much the same in two languages."},
			{"register", "How formal or informal the language is."},
		},
		misconceptions: []Misconception{
			{"Students may translate word for word from English when talking about {topic}.", "Show a word-for-word version next to the natural one and ask students to spot what changed."},
			{"Students may avoid speaking until they are sure of being correct.", "Make errors part of the routine: praise attempts and recast mistakes rather than stopping the speaker."},
			{"Students may apply one pattern to words it does not fit.", "Sort examples that follow the pattern from exceptions, and ask students to predict a new case."},
		},
		homework: []string{
			"Record a 30-second message about {topic} in the target language using three of today's structures.",
			"Write five sentences about {topic} in the target language, each using a different new word.",
		},
	},
	"arts": {
		defaultModel: ModelProject,
		work:         "studies",
		example:      "a work or performance excerpt",
		add:          "[add the works, excerpts or images you will show, with artist and date]",
		evidence:     "deliberate choices in the work",
		materials:    []string{"Images, recordings or excerpts of the works you will show", "Materials for studies or rehearsal", "A critique protocol card (notice, ask, suggest)"},
		hooks: []string{
			"Show a work connected to {topic} for one minute in silence, then ask what students notice first",
			"Ask students to sketch, hum or move a first response to {topic} in 90 seconds",
		},
		practice: []string{
			"make a quick study exploring {topic}, trying two different choices and keeping notes on each",
			"rehearse or develop a piece on {topic} in small groups and prepare one question for critique",
		},
		checks: []string{
			"Students point to one deliberate choice in their work and name its effect",
			"Gallery glance: each student leaves one 'I notice' note on a peer's study",
			"Students say which of their two choices works better and why, in one sentence",
		},
		academic: []Term{
			{"composition", "How the parts of a work are arranged."},
			{"technique", "A method an artist uses to get an effect."},
			{"critique", "A structured discussion of a work's strengths and next steps."},
		},
		misconceptions: []Misconception{
			{"Students may think talent matters more than practice and choices when working on {topic}.", "Show drafts or rehearsals that improved, and ask students to name the choice that made the difference."},
			{"Students may judge work only as good or bad.", "Use a protocol that asks for what is noticed, a question, and one specific suggestion."},
			{"Students may copy a model instead of making their own choices.", "Ask for one deliberate change from the model, with a reason."},
		},
		homework: []string{
			"Make one more short study on {topic} and write two sentences about the choice you changed.",
			"Find a work that deals with {topic} and describe one technique it uses and its effect.",
		},
	},
	"computer-science": {
		defaultModel: ModelDirect,
		work:         "programs",
		example:      "a short program written live",
		add:          "[add the starter code and 2–3 test cases]",
		evidence:     "code and test results",
		materials:    []string{"Computers with the class's coding environment", "Starter code and test cases for {topic}", "A debugging checklist"},
		hooks: []string{
			"Show a short program related to {topic} and ask students to predict its output before you run it",
			"Show a bug related to {topic} and ask pairs to find it without running the code",
		},
		practice: []string{
			"complete and extend the starter program on {topic}, running the tests after each change",
			"pair-program a solution on {topic}, switching driver and navigator every few minutes",
		},
		checks: []string{
			"Students trace a short piece of code on paper and write the output",
			"Students run the tests and report how many pass; help the groups with fewest first",
			"Show two versions of a function and ask which is correct and why",
		},
		academic: []Term{
			{"algorithm", "A precise sequence of steps that solves a problem."},
			{"test case", "An input with the output the program should give."},
			{"debug", "Find and fix what makes a program behave wrongly."},
		},
		misconceptions: []Misconception{
			{"Students may think code that runs without errors is correct code for {topic}.", "Have students write a test that fails before they fix anything, then make it pass."},
			{"Students may change code at random when it fails.", "Model a debugging routine: predict, run, compare, change one thing, and say why."},
			{"Students may expect the computer to understand what they meant.", "Trace a program line by line on the board and ask what the computer does, not what the author meant."},
		},
		homework: []string{
			"Add one feature to today's program on {topic} and write a test for it.",
			"Trace the given program by hand and predict its output, then check it.",
		},
	},
	"other": {
		defaultModel: ModelDirect,
		work:         "tasks",
		example:      "a worked example",
		add:          "[add the examples, texts or materials you will use]",
		evidence:     "evidence from their work",
		materials:    []string{"Your examples and materials for {topic}", "Mini whiteboards or paper for quick checks", "A practice task sheet"},
		hooks: []string{
			"Ask students what they already know or believe about {topic} and collect answers on the board",
			"Show one example related to {topic} and ask students what question it raises",
		},
		practice: []string{
			"apply today's idea about {topic} to a new example and explain their reasoning",
			"sort examples related to {topic} with a partner and justify the categories",
		},
		checks: []string{
			"Students answer one question on mini whiteboards and hold them up together",
			"Quick write: one thing that is clear and one question about {topic}",
			"Cold-call three students to explain a step in their own words",
		},
		academic: []Term{
			{"explain", "Say how or why something happens, with reasons."},
			{"example", "A particular case that shows a general idea."},
			{"evaluate", "Judge how good or useful something is, with reasons."},
		},
		misconceptions: []Misconception{
			{"Students may remember facts about {topic} without seeing how they connect.", "Ask students to link two ideas with 'because' or 'so' and share the links."},
			{"Students may overgeneralise from one example.", "Show a counterexample and ask what the rule should really say."},
			{"Students may believe they understand because the explanation felt clear.", "Ask them to explain it to a partner without notes before moving on."},
		},
		homework: []string{
			"Write a short explanation of {topic} for a student who missed today's lesson.",
			"Find one example of {topic} outside school and explain how it connects to today's lesson.",
		},
	},
}
