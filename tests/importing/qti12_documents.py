"""A QTI 1.2 assessment of one single-choice item, as Canvas and Common Cartridge platforms write it, for
the tests of the QTI 1.2 readers: a template whose fields are the assessment's and the item's ident and
title, the prompt, the right and the wrong option, and the general feedback."""

QTI12_ASSESSMENT = """<?xml version="1.0" encoding="UTF-8"?>
<questestinterop xmlns="http://www.imsglobal.org/xsd/ims_qtiasiv1p2">
  <assessment ident="{ident}" title="{title}">
    <section ident="root_section">
      <item ident="{item_ident}" title="{item}">
        <presentation>
          <material><mattext texttype="text/html">&lt;p&gt;{prompt}&lt;/p&gt;</mattext></material>
          <response_lid ident="response1" rcardinality="Single">
            <render_choice>
              <response_label ident="1"><material><mattext>{right}</mattext></material></response_label>
              <response_label ident="2"><material><mattext>{wrong}</mattext></material></response_label>
            </render_choice>
          </response_lid>
        </presentation>
        <resprocessing>
          <respcondition continue="No">
            <conditionvar><varequal respident="response1">1</varequal></conditionvar>
            <setvar action="Set" varname="SCORE">100</setvar>
          </respcondition>
        </resprocessing>
        <itemfeedback ident="general_fb">
          <flow_mat><material><mattext>{why}</mattext></material></flow_mat>
        </itemfeedback>
      </item>
    </section>
  </assessment>
</questestinterop>
"""
