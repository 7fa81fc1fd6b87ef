import { Link } from 'wouter';
import { tools } from '../../kernel/catalogue';
import { Icon } from '../../ui/Icon';
import { routes } from '../../ui/routes';

const features = [
  { icon: 'quiz', title: 'Adaptive quizzes', text: 'Quizzes that notice a wrong answer, explain the mistake in a short lesson and check again with an easier question.' },
  { icon: 'edit', title: 'Writing help', text: 'Essay plans with a clear thesis, citations in APA, MLA or Chicago, and feedback on scholarship essays.' },
  { icon: 'merge_type', title: 'Source synthesis', text: 'Bring up to three sources together: what they agree on, where they connect and where they contradict.' },
  { icon: 'group_work', title: 'Project management', text: 'Plan study sprints, split group work fairly and keep every result in a project of its own.' },
  { icon: 'co_present', title: 'Teacher tools', text: 'Rubrics, lesson-plan variants, levelled texts, misconception lists, parent emails and report-card comments.' },
  { icon: 'map', title: 'Career preparation', text: 'Map career paths from your interests, sharpen your resume and write the internship email that gets a reply.' },
];

const steps = [
  { title: 'Pick a tool', text: 'Choose from the dashboard or search by what you need: notes, quiz, rubric, essay plan.' },
  { title: 'Add your material', text: 'Paste your notes, a topic or an assignment prompt. Your text is only used for your request.' },
  { title: 'Use the result', text: 'Copy it, or save it into a project to come back to before the exam or the next lesson.' },
];

const studentBenefits = [
  'Turn long readings into notes, flashcards and quizzes in minutes',
  'Understand hard ideas three ways: simple, visual and by analogy',
  'Plan revision backwards from your exam date',
  'Practise a presentation and get feedback on pace and filler words',
];

const teacherBenefits = [
  'Build a rubric from your learning objectives in one step',
  'Level the same text for A2, B1 and B2 readers',
  'Spot likely misconceptions before you teach a topic',
  'Draft parent emails and report-card comments in your voice',
];

export function Landing() {
  return (
    <div className="landing">
      <header className="landing-header">
        <span className="logo">
          <Icon name="school" className="logo-icon" />
          <span>StudyForge</span>
        </span>
        <Link href={routes.dashboard} className="button">Go to App</Link>
      </header>

      <main id="main" tabIndex={-1}>
        <section className="hero" aria-labelledby="hero-title">
          <h1 id="hero-title" tabIndex={-1}>Study smarter with {tools.length > 50 ? 'over 50' : tools.length} AI tools for students and teachers</h1>
          <p className="lede">
            Notes, quizzes, essay plans, flashcards, study plans and slide decks for students; rubrics, lesson plans and
            parent emails for teachers. One place, and everything you make can be saved into projects.
          </p>
          <Link href={routes.dashboard} className="button button-primary button-large">
            Start Learning
            <Icon name="arrow_forward" />
          </Link>
        </section>

        <section className="landing-section" aria-labelledby="features-title">
          <h2 id="features-title">Everything a school year asks for</h2>
          <ul className="feature-grid">
            {features.map((f) => (
              <li key={f.title} className="card feature-card">
                <Icon name={f.icon} className="feature-icon" />
                <h3>{f.title}</h3>
                <p>{f.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="landing-section" aria-labelledby="steps-title">
          <h2 id="steps-title">How it works</h2>
          <ol className="steps">
            {steps.map((s, i) => (
              <li key={s.title} className="step">
                <span className="step-number" aria-hidden="true">{i + 1}</span>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="landing-section card projects-teaser" aria-labelledby="projects-title">
          <Icon name="folder_open" className="feature-icon" />
          <div>
            <h2 id="projects-title">Keep your work in projects</h2>
            <p>Save notes, quizzes and plans into a project for each subject or class, and find them again in one click.</p>
            <Link href={routes.projects} className="button">See your projects</Link>
          </div>
        </section>

        <section className="landing-section benefits" aria-label="Benefits">
          <div className="card">
            <h2>For students</h2>
            <ul className="check-list">
              {studentBenefits.map((b) => <li key={b}><Icon name="check" />{b}</li>)}
            </ul>
          </div>
          <div className="card">
            <h2>For teachers</h2>
            <ul className="check-list">
              {teacherBenefits.map((b) => <li key={b}><Icon name="check" />{b}</li>)}
            </ul>
          </div>
        </section>

        <section className="landing-section final-cta" aria-labelledby="cta-title">
          <h2 id="cta-title">Ready when you are</h2>
          <p>No sign-up. Open the dashboard and pick your first tool.</p>
          <Link href={routes.dashboard} className="button button-primary button-large">Open the dashboard</Link>
        </section>
      </main>

      <footer className="landing-footer">
        <p>StudyForge · AI answers can be wrong: check important facts against your course materials.</p>
      </footer>
    </div>
  );
}
