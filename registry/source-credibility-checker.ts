import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'source-credibility-checker',
  title: 'Source Credibility Checker',
  description: 'Find out how far you can trust an article before you cite it, from its author, evidence, bias and tone.',
  icon: 'fact_check',
  category: 'Research and sources',
  subjects: ['research skills', 'media studies', 'english', 'history', 'science'],
  keywords: [
    'credible', 'credibility', 'reliable', 'fake news', 'misinformation', 'bias', 'trust', 'evaluate sources',
    'fact check', 'article', 'website', 'research', 'sources',
  ],
  fields: [
    {
      name: 'articleText',
      kind: 'textarea',
      label: 'Article text',
      placeholder: 'Paste the article or web page, including the author, publisher and date if they are shown...',
      required: true,
      help: 'The byline, date and any links or references help the assessment.',
    },
  ],
  prompt: `You are a media-literacy teacher helping a secondary-school or university student decide whether a source is trustworthy enough to use in an assignment.

Assess the credibility of the text below. Write in Markdown with exactly these sections:
## Verdict
One line "Overall credibility: High", "Overall credibility: Medium" or "Overall credibility: Low", then two or three sentences explaining the main reasons.
## Author and publisher
What the text reveals about who wrote and published it and whether they have relevant expertise. If the author, publisher or date is not given, say so plainly instead of guessing.
## Evidence
Whether the main claims are backed by named sources, data, studies or links. Quote one to three claims that lack support (each quote under 20 words) and say what evidence would be needed.
## Bias and purpose
The likely purpose (to inform, persuade, sell or entertain), any one-sided framing, missing perspectives and conflicts of interest such as products for sale.
## Tone and language
Whether the language is measured or sensational, with one or two short examples of loaded or emotional wording.
## How to check it
Three to five bullet points the student can act on: for example, find the original study, see what other reputable outlets report (lateral reading), check the date, look up the author.

Rules:
- Judge only from the text provided; you cannot browse. Do not state facts about the author, publisher or website that the text does not give.
- Do not declare a claim true or false unless it is well-established knowledge; otherwise mark it as needing verification.
- Be fair: point out strengths as well as weaknesses, and write so a student can follow every point.

The text:
{{articleText}}`,
  result: 'markdown',
  example: {
    input: {
      articleText: `New Study PROVES Blue Light From Your Phone Is Destroying Your Eyes!
Posted by Jake M., Wellness Contributor | HealthyVibesDaily.com | 3 March

If you're reading this on your phone, stop right now. A shocking new study from a leading university has proven that the blue light from screens causes permanent damage to your retina. Scientists are calling it a silent epidemic, and experts say that millions of teenagers could be going blind without even knowing it.

The evidence is clear: blue light is toxic. Eye doctors everywhere agree that everyone who uses a screen for more than two hours a day needs protection. That's why we recommend our ClearView Blue-Block glasses, which filter 99% of harmful rays. Use code HEALTHY20 for 20% off today only!

Don't wait until it's too late. Share this with everyone you love.`,
    },
    output: `## Verdict
Overall credibility: Low. The article makes a dramatic medical claim without naming the study, the university or any expert, and it ends by selling the product it recommends. Treat it as advertising, not as evidence for an assignment.

## Author and publisher
- The author is given only as "Jake M., Wellness Contributor", with no qualifications in eye health or medicine.
- The publisher, HealthyVibesDaily.com, is a wellness website, not a medical journal or an established news outlet. The text gives no information about editorial standards.
- The date shows a day and month but no year, so you cannot tell whether the "new" study is recent.

## Evidence
The main claims have no traceable support:
- "A shocking new study from a leading university" – the study, the university and the researchers are not named, and there is no link.
- "Eye doctors everywhere agree" – no doctor or professional body is quoted.
- "millions of teenagers could be going blind" – no figure, source or method is given.

To take these claims seriously you would need the original peer-reviewed study and statements from recognised bodies such as national ophthalmology associations.

## Bias and purpose
The purpose is to sell: the article recommends "our ClearView Blue-Block glasses" and offers a discount code, a clear conflict of interest. Only one side is presented; there is no mention of what other research finds or of simpler explanations for tired eyes after screen use, such as blinking less.

## Tone and language
The tone is sensational and designed to cause alarm: capital letters in "PROVES", phrases like "silent epidemic", "toxic" and "Don't wait until it's too late", and urgency tactics such as "today only". Careful science writing usually says a study "suggests" or "links", and rarely that it "proves".

## How to check it
- Search for the study using keywords such as "blue light retina study" and look for it on a university website or in a journal database.
- Read what health services and ophthalmology associations say about blue light and screens.
- Compare with two or three reputable news outlets that report on science (lateral reading).
- Look up HealthyVibesDaily.com to see who owns it and whether it mainly sells products.
- For your assignment, cite the original research or an official health source instead of this article.`,
  },
});
