package dev.jig.report.chart;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** A chart parsed as XML (so a test fails on markup that is not well-formed), queried with XPath. */
public final class SvgDocument {

    private final Document doc;

    public SvgDocument(String svg) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new AssertionError("not well-formed: " + e.getMessage() + "\n" + svg, e);
        }
    }

    Element root() {
        return doc.getDocumentElement();
    }

    List<Element> all(String xpath) {
        try {
            NodeList nodes = (NodeList) XPathFactory.newInstance().newXPath().evaluate(xpath, doc, XPathConstants.NODESET);
            List<Element> out = new ArrayList<>();
            for (int i = 0; i < nodes.getLength(); i++) out.add((Element) nodes.item(i));
            return out;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    List<String> texts(String xpath) {
        return all(xpath).stream().map(Element::getTextContent).toList();
    }

    static double num(Element e, String attribute) {
        return Double.parseDouble(e.getAttribute(attribute));
    }
}
