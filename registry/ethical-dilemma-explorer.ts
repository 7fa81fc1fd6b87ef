import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'ethical-dilemma-explorer',
  title: 'Ethical Dilemma Explorer',
  description: 'Think through a moral dilemma from several angles, seeing what different ethical frameworks would say and where they disagree.',
  icon: 'balance',
  category: 'Thinking and discussion',
  subjects: ['philosophy', 'religious studies', 'ethics', 'pshe', 'citizenship'],
  keywords: [
    'ethics', 'moral', 'dilemma', 'right and wrong', 'utilitarianism', 'kant', 'virtue ethics', 'decision', 'values',
    'perspectives',
  ],
  fields: [
    {
      name: 'dilemma',
      kind: 'textarea',
      label: 'The dilemma',
      placeholder: 'e.g. My best friend cheated on a test, and the teacher has asked me whether I know anything...',
      required: true,
    },
  ],
  prompt: `You are a philosophy and ethics teacher helping a secondary-school or university student think through a moral dilemma carefully and fairly. Your aim is to help them reason, not to tell them what to do.

Explore the dilemma below in Markdown with exactly these sections:
## The dilemma
Two or three sentences restating the choice neutrally, followed by a bullet list of the people affected and what each of them stands to gain or lose.
## Four ways of looking at it
Four "### " subsections, one each for Consequentialism (utilitarianism), Deontology (duties and rules), Virtue ethics and Care ethics. In each: one sentence on what the framework focuses on, two or three sentences applying it to this dilemma, and a final line "**Likely leaning:**" saying which option the framework tends to favour and why.
## Where they agree and disagree
One short paragraph on the points of agreement, the key tension between the frameworks, and any middle-ground options the student may not have considered.
## Questions to decide for yourself
Two or three open questions that help the student weigh the options for themselves.

Rules:
- Be balanced: present each framework at its strongest and do not declare one answer correct.
- Explain each framework in plain language, without assuming the student has studied philosophy.
- Keep the discussion suitable for a classroom. If the dilemma involves a risk of harm to the student or someone else, add a final line encouraging them to talk to a trusted adult, teacher or counsellor.

The dilemma:
{{dilemma}}`,
  result: 'markdown',
  actionLabel: 'Explore Dilemma',
  example: {
    input: {
      dilemma:
        'My best friend copied answers from another student during our chemistry test. Now the teacher says someone cheated and has asked anyone who knows anything to speak to her privately. If I say nothing, another student might be blamed. If I tell, my friend could fail the course and might never trust me again.',
    },
    output: `## The dilemma
You know that your best friend cheated, and your teacher has asked for information. You must choose between reporting what you know, staying silent, or finding another way to deal with it.

- **Your friend:** could face a failed test or course if reported, but might also keep cheating if nothing happens.
- **You:** risk losing a close friendship, or carrying the guilt of staying silent.
- **The student who was copied from:** could be wrongly suspected or punished.
- **The rest of the class:** rely on tests being fair for their own results to mean something.
- **The teacher:** needs accurate information to treat everyone fairly.

## Four ways of looking at it
### Consequentialism (utilitarianism)
This view judges an action by its results: the right choice produces the best overall outcome for everyone affected. Here you would weigh the harm to your friend and your friendship against the harm of an innocent student being blamed and of cheating going unchecked for the whole class.
**Likely leaning:** speaking up, or persuading your friend to confess, because an innocent person being punished is a serious harm and fair testing benefits many people.

### Deontology (duties and rules)
This view says some actions are right or wrong in themselves, whatever the outcome, because we have duties such as honesty and fairness. You have a duty not to deceive your teacher and not to let someone else be wrongly blamed, but you may also feel a duty of loyalty to a friend.
**Likely leaning:** honesty. If asked directly you should not lie, and you should not allow an innocent student to be blamed, although this view does not necessarily require you to volunteer the information first.

### Virtue ethics
This view asks what a person of good character would do: someone who is honest, fair, loyal and courageous. A good friend is not one who helps you get away with wrongdoing, but one who cares about who you become.
**Likely leaning:** acting with courage and loyalty at the same time, for example by talking to your friend first and urging them to own up.

### Care ethics
This view focuses on relationships and on caring for the real people involved, especially the most vulnerable. It asks how to protect your friendship while also caring for the student who might be blamed.
**Likely leaning:** a conversation with your friend before anything else, followed by speaking to the teacher if the innocent student is at risk.

## Where they agree and disagree
All four frameworks agree that letting an innocent student be blamed would be wrong, and none supports lying to the teacher. They differ on how much weight to give loyalty: deontology puts truthfulness first, while care ethics gives more weight to the friendship and to how the truth comes out. A middle path many of them would support is giving your friend the chance to confess first, with a clear deadline, before you speak to the teacher yourself.

## Questions to decide for yourself
- What would you want a friend to do if the roles were reversed, both as the cheater and as the student being wrongly blamed?
- Does it change your view if your friend refuses to confess, or if the teacher has already identified the wrong student?
- What kind of friend do you want to be, and what kind of friendship is worth protecting?`,
  },
});
