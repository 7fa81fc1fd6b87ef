import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'lab-helper',
  title: 'LabHelper',
  description: 'Prepare for a practical: the aim, a step-by-step method, the safety precautions and viva questions with answers.',
  icon: 'science',
  category: 'Math and science',
  subjects: ['science', 'biology', 'chemistry', 'physics'],
  keywords: [
    'lab', 'experiment', 'practical', 'lab report', 'method', 'procedure', 'aim', 'hypothesis', 'safety',
    'risk assessment', 'viva', 'required practical', 'apparatus', 'investigation',
  ],
  fields: [
    {
      name: 'experimentTitle',
      kind: 'text',
      label: 'Experiment title',
      placeholder: "e.g. Verifying Ohm's law, Titration of hydrochloric acid with sodium hydroxide",
      required: true,
    },
  ],
  prompt: `You are an experienced school science teacher helping a secondary-school or first-year university student prepare for a practical session and its viva (oral questions).

For the experiment named below, write:
- The purpose: two or three sentences stating the aim of the experiment and the scientific principle or law it tests.
- The procedure: steps in order, each one instruction a student can follow, including the apparatus set-up, what to measure, repeats, and how to process the results (table, graph or calculation). Do not number the steps yourself.
- Safety precautions specific to this experiment (hazards of the chemicals, equipment or organisms involved and how to control them). Include wearing eye protection where relevant, and end with following the teacher's instructions and the school's risk assessment.
- Viva questions an examiner might ask about this experiment (method, reasons for steps, sources of error, expected results, the theory), each with a model answer of one to three sentences.

Rules:
- Describe the standard school-laboratory version of the experiment with common apparatus, and keep every fact and value accurate.
- Never give instructions for anything dangerous outside a supervised school lab. If the title describes an unsafe or unsuitable experiment, say so in the purpose and describe a safe standard alternative instead.
- If the title is ambiguous, choose the most common school version and name it in the purpose.

The experiment:
{{experimentTitle}}`,
  result: z.object({
    purpose: z.string().min(1).describe('Purpose'),
    procedure: z.array(z.string().min(1)).min(6).max(10).describe('Procedure'),
    safety: z.array(z.string().min(1)).min(3).max(6).describe('Safety precautions'),
    vivaQuestions: z
      .array(
        z.object({
          question: z.string().min(1).describe('Question'),
          answer: z.string().min(1).describe('Answer'),
        }),
      )
      .length(5)
      .describe('Viva questions'),
  }),
  actionLabel: 'Prepare Lab',
  example: {
    input: { experimentTitle: "Verifying Ohm's law using a fixed resistor" },
    output: {
      purpose:
        "To investigate how the current through a fixed resistor depends on the potential difference (p.d.) across it. The experiment tests Ohm's law: at constant temperature, the current through a conductor is directly proportional to the p.d. across it, so V = IR with a constant resistance R.",
      procedure: [
        'Set up a series circuit with a low-voltage DC supply, a switch, an ammeter, a variable resistor and a fixed resistor (for example 10 Ω).',
        'Connect a voltmeter in parallel across the fixed resistor only.',
        'Ask your teacher to check the circuit before switching on.',
        'Close the switch and adjust the variable resistor until the voltmeter reads about 0.5 V; record the p.d. and the current in a results table.',
        'Increase the p.d. in steps of about 0.5 V to get at least six pairs of readings, opening the switch between readings so the resistor does not heat up.',
        'Repeat the whole set of readings twice more and calculate the mean current for each p.d.',
        'Plot a graph of current (y-axis) against p.d. (x-axis) and draw a line of best fit.',
        'Check whether the line is straight and passes through the origin, and calculate the resistance from R = V ÷ I or from 1 ÷ gradient.',
      ],
      safety: [
        'Use only the low-voltage supply provided and never connect the circuit to the mains.',
        'The resistor and wires can get hot: open the switch between readings and do not touch the resistor while current is flowing.',
        'Check leads for damaged insulation before use, and keep water and drinks away from the circuit.',
        'Switch off before changing any connections, and follow your teacher\'s instructions and the school\'s risk assessment.',
      ],
      vivaQuestions: [
        {
          question: 'Why is the voltmeter connected in parallel and the ammeter in series?',
          answer:
            'A voltmeter measures the p.d. across a component, so it goes in parallel and has a very high resistance. An ammeter measures the current through the component, so it goes in series and has a very low resistance.',
        },
        {
          question: 'What does a straight line through the origin on the current-p.d. graph show?',
          answer:
            'Current is directly proportional to p.d., so the resistance is constant and the resistor is an ohmic conductor that obeys Ohm\'s law.',
        },
        {
          question: 'Why should you switch off the circuit between readings?',
          answer:
            'A current heats the resistor, and a higher temperature increases its resistance. Switching off keeps the temperature roughly constant, which Ohm\'s law requires.',
        },
        {
          question: 'How do you find the resistance from your graph?',
          answer: 'With current on the y-axis and p.d. on the x-axis, the gradient is I ÷ V, so the resistance is 1 ÷ gradient.',
        },
        {
          question: 'How would the graph differ for a filament lamp, and why?',
          answer:
            'It would curve and flatten at higher p.d. because the filament gets hotter as the current rises, increasing its resistance, so the lamp does not obey Ohm\'s law.',
        },
      ],
    },
  },
});
