import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'career-mapper',
  title: 'Career Path Mapper',
  description: 'Describe your interests and strengths and explore three to five career paths that fit, with the steps to get there.',
  icon: 'map',
  category: 'Career and future',
  subjects: ['careers', 'pshe'],
  keywords: [
    'career', 'job', 'jobs', 'future', 'university', 'college', 'degree', 'apprenticeship', 'options', 'what to study',
    'interests', 'strengths', 'pathway', 'course choice',
  ],
  fields: [
    {
      name: 'profile',
      kind: 'textarea',
      label: 'Your interests and strengths',
      placeholder: 'e.g. I love biology, volunteer at an animal shelter and I am good at explaining things. I am 16 and live in the UK.',
      required: true,
      help: 'Add your age or year and your country if you can: routes into careers differ between countries.',
    },
  ],
  prompt: `You are a careers adviser helping a secondary-school or university student explore possible futures. Be encouraging and realistic.

From the student's interests and strengths below, suggest three to five career paths in Markdown. Include a mix where it fits the student: well-known and less obvious careers, and routes with and without a university degree (such as apprenticeships or vocational courses).

For each path, with each labelled part as its own paragraph:
- A level-two heading with a number and the career name, e.g. "## 1. Veterinary nurse".
- **Why it fits:** one or two sentences linking the career to specific things the student wrote.
- **What the work is like:** one or two sentences on a typical day.
- **Steps to get there:** a numbered list of three to five steps from where the student is now (subjects to choose, qualifications or training, experience to get, first jobs).
- **Try it now:** one small thing the student could do this month to test their interest.

Start with one or two plain sentences (no heading) summarising what stands out in the student's profile. End with a section "## Next steps" of two or three sentences suggesting they talk to a school careers adviser or teacher and compare the paths.

Accuracy: describe qualifications and routes as they work in the student's country if they name it, otherwise in general terms, and say that requirements vary by country and institution. Do not give salary figures, name specific universities or employers, or promise that a route guarantees a job.

The student's interests and strengths:
{{profile}}`,
  result: 'markdown',
  actionLabel: 'Map My Careers',
  example: {
    input: {
      profile:
        "I'm 16 and live in the UK. I love biology and chemistry and I'm predicted good grades in both. I volunteer at an animal shelter every weekend and really enjoy looking after the animals. My friends say I'm good at explaining things and I help younger students with science homework. I don't want to sit at a desk all day.",
    },
    output: `Your profile combines a real love of science with hands-on care for animals and a talent for explaining things to others. Here are four paths that build on those strengths and keep you active rather than at a desk.

## 1. Veterinary nurse
**Why it fits:** You already care for animals every weekend, and veterinary nurses use biology and chemistry every day.

**What the work is like:** Caring for animals before and after treatment, assisting vets in surgery, giving medicines and advising owners.

**Steps to get there:**
1. Keep biology and chemistry at A-level, or take a Level 3 animal care or science course.
2. Train as a veterinary nurse through an apprenticeship at a vet practice or through a foundation degree or degree in veterinary nursing.
3. Register with the Royal College of Veterinary Surgeons (RCVS) once qualified.

**Try it now:** Ask your shelter which vet practice it works with, and whether you could shadow a veterinary nurse for a day.

## 2. Veterinary surgeon
**Why it fits:** You are predicted good grades in biology and chemistry, the subjects veterinary degrees usually ask for, and the job is active and varied.

**What the work is like:** Diagnosing and treating animals, carrying out operations, and explaining diagnoses and options to worried owners.

**Steps to get there:**
1. Take chemistry and biology at A-level, plus a third subject such as maths or physics.
2. Build up varied work experience with animals (a vet practice, a farm or stables) as well as your shelter work.
3. Apply for a veterinary medicine degree accredited by the RCVS, which usually takes five to six years.
4. Register with the RCVS and start in a first-opinion practice.

**Try it now:** Keep a simple diary of your shelter work, noting the animals and tasks; it will help with applications later.

## 3. Secondary science teacher
**Why it fits:** You are good at explaining science and already help younger students, and teaching keeps you on your feet all day.

**What the work is like:** Planning and teaching biology and chemistry lessons, running practicals and supporting students' progress.

**Steps to get there:**
1. Study biology or chemistry (or a related science) at degree level.
2. Gain qualified teacher status through a postgraduate teacher training course, or through a degree that includes it.
3. Complete your induction as a newly qualified teacher in a school.

**Try it now:** Offer to help at a science club or a homework club for younger years at your school.

## 4. Animal welfare or wildlife conservation officer
**Why it fits:** It combines your care for animals with working outdoors and sharing what you know with the public.

**What the work is like:** Checking on animals' welfare, caring for wildlife or habitats, and running education visits for schools and the public.

**Steps to get there:**
1. Take biology at A-level, or a Level 3 course in animal management or countryside management.
2. Volunteer with a wildlife trust or rescue centre to widen your experience.
3. Go on to an apprenticeship, a foundation degree or a degree in zoology, animal welfare or conservation.

**Try it now:** Look for a local wildlife trust volunteering day this month and compare it with your shelter work.

## Next steps
Entry requirements vary by institution and change over time, so check the details for any route you like. Talk these paths over with your school careers adviser or a science teacher, and notice which "Try it now" task you enjoy most.`,
  },
});
