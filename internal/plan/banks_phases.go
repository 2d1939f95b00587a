package plan

// This file holds the built-in planner's phase texts, keyed by the phase kinds of
// models.go. Placeholders: {topic}, {work}, {example}, {add}, {evidence} (the subject bank),
// {hook}, {practice} and {check} (an activity of the subject bank, picked per request).

// phaseText is what one kind of phase says.
type phaseText struct {
	name    string
	group   string // which support of a need applies: input, practice, talk or close
	teacher []string
	student []string
	check   string
}

// The support groups of phaseText.group.
const (
	groupInput    = "input"
	groupPractice = "practice"
	groupTalk     = "talk"
	groupClose    = "close"
	groupBreak    = "break"
)

var phaseBank = map[string]phaseText{
	// Direct instruction (gradual release).
	"warmup": {
		name: "Warm-up", group: groupInput,
		teacher: []string{"{hook}.", "Share today's objectives and success criteria in student-friendly words."},
		student: []string{"Respond to the opener in writing first, then with a partner.", "Note one thing they already know about {topic}."},
		check:   "Listen to two or three responses to see what students already bring to {topic}.",
	},
	"model": {
		name: "I do: model the thinking", group: groupInput,
		teacher: []string{"Model {example} on {topic}, thinking aloud at each decision {add}.", "Name the steps or moves as you go and write them where everyone can see them."},
		student: []string{"Follow along and note the steps in their own words.", "Ask one question about a step that is not yet clear."},
		check:   "{check}.",
	},
	"guided": {
		name: "We do: guided practice", group: groupPractice,
		teacher: []string{"Work a second example together, asking students to supply each next step.", "Circulate while pairs try a similar example; stop the class to fix a common error."},
		student: []string{"Suggest next steps and explain why they work.", "Work a similar example with a partner using {evidence}."},
		check:   "{check}; reteach the step most students missed before moving on.",
	},
	"independent": {
		name: "You do: independent practice", group: groupPractice,
		teacher: []string{"Set the task: students {practice}.", "Circulate, confer with students who are stuck, and note who is ready for the extension."},
		student: []string{"Complete the task on their own, asking a partner only after trying twice.", "Check their work against the success criteria before handing it in."},
		check:   "Sample work from four or five students and look for the errors named in the misconceptions.",
	},
	"closure": {
		name: "Closure and exit ticket", group: groupClose,
		teacher: []string{"Ask two students to summarise the key idea about {topic} in their own words.", "Hand out the exit ticket and collect it at the door."},
		student: []string{"Summarise what they learned and what is still unclear.", "Complete the exit ticket on their own."},
		check:   "Sort the exit tickets into 'got it', 'nearly' and 'not yet' to plan the next lesson.",
	},
	// 5E.
	"engage": {
		name: "Engage", group: groupInput,
		teacher: []string{"{hook}.", "Record students' first ideas about {topic} where everyone can see them, without correcting them yet."},
		student: []string{"Share what they notice and wonder.", "Write a first explanation or prediction."},
		check:   "Note which first ideas to come back to in Explain.",
	},
	"explore": {
		name: "Explore", group: groupPractice,
		teacher: []string{"Set up a hands-on exploration of {topic} {add}.", "Circulate with questions (What do you notice? What would happen if…?) rather than answers."},
		student: []string{"Work in small groups to explore and record {evidence}.", "Look for a pattern and test it."},
		check:   "{check}.",
	},
	"explain": {
		name: "Explain", group: groupInput,
		teacher: []string{"Ask groups to explain what they found before you add the key ideas and terms for {topic}.", "Connect students' words to the academic vocabulary."},
		student: []string{"Explain their findings using {evidence}.", "Revise their first explanation in a different colour."},
		check:   "Students write a one-sentence explanation using two key terms; read a sample aloud.",
	},
	"elaborate": {
		name: "Elaborate", group: groupPractice,
		teacher: []string{"Give a new situation where students apply the idea: students {practice}.", "Push groups to justify with {evidence}."},
		student: []string{"Apply the idea about {topic} to the new situation.", "Compare their approach with another group's."},
		check:   "Ask each group for the strongest piece of evidence behind their answer.",
	},
	"evaluate": {
		name: "Evaluate", group: groupClose,
		teacher: []string{"Return to the first ideas from Engage and ask what changed.", "Hand out the exit ticket."},
		student: []string{"Judge how their understanding of {topic} changed and why.", "Complete the exit ticket on their own."},
		check:   "Use the exit ticket to decide who needs another pass at the key idea.",
	},
	// Inquiry.
	"question": {
		name: "Pose the question", group: groupInput,
		teacher: []string{"Pose a driving question about {topic} that has more than one defensible answer.", "{hook}."},
		student: []string{"Write what they think now and what they would need to find out.", "Generate two sub-questions with a partner."},
		check:   "Collect the sub-questions and choose the ones the investigation will answer.",
	},
	"investigate": {
		name: "Investigate", group: groupPractice,
		teacher: []string{"Give groups the materials to investigate {topic} {add}.", "Circulate and ask groups what they have found and what they still need."},
		student: []string{"Gather {evidence} that bears on the question.", "Keep notes of what they found and where."},
		check:   "{check}.",
	},
	"analyse": {
		name: "Analyse findings", group: groupTalk,
		teacher: []string{"Ask groups to look for patterns, disagreements and gaps in what they found.", "Model how to turn findings into a claim with evidence."},
		student: []string{"Sort their findings and draft a claim that answers the question.", "Identify the weakest part of their evidence."},
		check:   "Each group states its claim in one sentence; the class asks for the evidence behind it.",
	},
	"share": {
		name: "Share and challenge", group: groupTalk,
		teacher: []string{"Run a short round where groups present claims and others ask one challenging question each.", "Note where claims agree and where they differ."},
		student: []string{"Present their claim and evidence.", "Question another group's claim respectfully."},
		check:   "Ask the class which claim is best supported and why.",
	},
	"reflect": {
		name: "Reflect and exit ticket", group: groupClose,
		teacher: []string{"Return to the driving question and ask what the class can now say about {topic}.", "Hand out the exit ticket."},
		student: []string{"Write how their answer changed and what evidence changed it.", "Complete the exit ticket."},
		check:   "Read the exit tickets for how well students support their answer with evidence.",
	},
	// Project-based work session.
	"minilesson": {
		name: "Mini-lesson", group: groupInput,
		teacher: []string{"Teach one skill the project needs today, on {topic}, using {example} {add}.", "Show what good work looks like against the success criteria."},
		student: []string{"Note the skill and how it applies to their project.", "Set a goal for today's work time."},
		check:   "{check}.",
	},
	"worktime": {
		name: "Project work time", group: groupPractice,
		teacher: []string{"Confer with groups in turn: ask what they are working on, what is hard, and what comes next.", "Pull a small group for reteaching if several are stuck on the same step."},
		student: []string{"Work on the project; for example, students {practice}.", "Update the group's task list and record decisions."},
		check:   "At each conference, ask students to show progress against their goal and name their next step.",
	},
	"critique": {
		name: "Critique and revise", group: groupTalk,
		teacher: []string{"Run a short critique protocol: notice, ask, suggest.", "Model kind, specific and helpful feedback once."},
		student: []string{"Give one peer group specific feedback on their work.", "Choose one piece of feedback to act on."},
		check:   "Each group writes the change it will make from the feedback.",
	},
	"projectReflect": {
		name: "Reflect and plan next steps", group: groupClose,
		teacher: []string{"Ask groups to compare progress with today's goal.", "Hand out the exit ticket."},
		student: []string{"Record progress and next steps for {topic}.", "Complete the exit ticket."},
		check:   "Read the next steps to plan tomorrow's mini-lesson.",
	},
	// Socratic seminar.
	"prepare": {
		name: "Prepare for the seminar", group: groupInput,
		teacher: []string{"Give out the text or material on {topic} {add}.", "Review the seminar norms: speak to each other, cite {evidence}, invite quieter voices."},
		student: []string{"Read and annotate, marking two passages to discuss.", "Write one open question and one answer with evidence."},
		check:   "Check that every student has at least one question and one piece of evidence ready.",
	},
	"openingQuestion": {
		name: "Opening question", group: groupTalk,
		teacher: []string{"Pose an open opening question about {topic}.", "Give a minute of silent thinking time before anyone speaks."},
		student: []string{"Think, jot an answer, then share with a partner.", "Choose the evidence they will bring into the circle."},
		check:   "Listen for whether answers use evidence; prompt with 'Where do you see that?'.",
	},
	"innerCircle": {
		name: "Seminar: inner circle", group: groupTalk,
		teacher: []string{"Facilitate the inner circle with follow-up questions only; step in to bring the discussion back to the text.", "Track contributions on a seating map."},
		student: []string{"Discuss the question, building on or challenging others with {evidence}.", "Outer circle: track one partner's contributions and note a strong point."},
		check:   "Pause once to ask the outer circle for the strongest point so far and the evidence for it.",
	},
	"outerCircle": {
		name: "Seminar: circles swap", group: groupTalk,
		teacher: []string{"Swap the circles and pose a deeper follow-up question about {topic}.", "Invite students who have not spoken yet."},
		student: []string{"Continue the discussion and connect to points from the first circle.", "Outer circle: note a point they disagree with and why."},
		check:   "Ask the outer circle which point best answered the question and why.",
	},
	"debrief": {
		name: "Debrief and exit ticket", group: groupClose,
		teacher: []string{"Lead a short debrief on what the discussion achieved and how the group discussed.", "Hand out the exit ticket."},
		student: []string{"Reflect on how their thinking about {topic} changed.", "Complete the exit ticket."},
		check:   "Read the reflections for whether students changed or strengthened a view with evidence.",
	},
	// Long lessons.
	"break": {
		name: "Break", group: groupBreak,
		teacher: []string{"Give a movement or stretch break; set up the next round."},
		student: []string{"Take a break away from screens and desks."},
		check:   "No check during the break.",
	},
}
